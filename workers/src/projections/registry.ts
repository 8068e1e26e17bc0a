import { bookingsProjection } from './bookings/bookings-projection.ts';
import { categoriesProjection } from './categories/categories-projection.ts';
import { productsProjection } from './products/products-projection.ts';
import type { Projection, ReadModelDocument, ReadModelName } from './projection.ts';
import { reportedProductsProjection } from './reported-products/reported-products-projection.ts';
import { sellersProjection } from './sellers/sellers-projection.ts';
import { usersProjection } from './users/users-projection.ts';

/** Every read model, in the order an event is applied to them: a source before what derives from it. */
export const readModelNames: readonly ReadModelName[] = [
  'categories',
  'users',
  'sellers',
  'bookings',
  'products',
  'reportedProducts',
];

export const projections: { readonly [N in ReadModelName]: Projection<ReadModelDocument> } = {
  categories: categoriesProjection as Projection,
  users: usersProjection as Projection,
  sellers: sellersProjection as Projection,
  bookings: bookingsProjection as Projection,
  products: productsProjection as Projection,
  reportedProducts: reportedProductsProjection as unknown as Projection,
};

export const isReadModelName = (name: string): name is ReadModelName =>
  (readModelNames as readonly string[]).includes(name);

/**
 * The named read models plus the ones they derive from, in apply order: reported products are
 * computed from products, so building them needs products built alongside.
 */
export function withSources(names: readonly ReadModelName[]): ReadModelName[] {
  const wanted = new Set<ReadModelName>();
  const add = (name: ReadModelName): void => {
    if (wanted.has(name)) return;
    wanted.add(name);
    const projection = projections[name];
    if (projection.kind === 'derived') add(projection.source);
  };
  names.forEach(add);
  return readModelNames.filter((name) => wanted.has(name));
}

/** The named read models plus those derived from them, which must follow every change of their source. */
export function withDerived(names: readonly ReadModelName[]): ReadModelName[] {
  const wanted = new Set(names);
  for (const name of readModelNames) {
    const projection = projections[name];
    if (projection.kind === 'derived' && wanted.has(projection.source)) wanted.add(name);
  }
  return readModelNames.filter((name) => wanted.has(name));
}
