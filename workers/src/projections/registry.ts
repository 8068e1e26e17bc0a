import { bookingsReadModel } from './bookings/bookings-read-model.ts';
import { categoriesReadModel } from './categories/categories-read-model.ts';
import { productsReadModel } from './products/products-read-model.ts';
import {
  topicNames,
  type ChangeTopic,
  type ReadModel,
  type ReadModelDocument,
  type ReadModelName,
} from './projection.ts';
import { sellersReadModel } from './sellers/sellers-read-model.ts';
import { usersReadModel } from './users/users-read-model.ts';

/** Every read model; an event is applied to them in this order. */
export const readModelNames: readonly ReadModelName[] = [
  'categories',
  'users',
  'sellers',
  'bookings',
  'products',
];

export const readModels: { readonly [N in ReadModelName]: ReadModel<ReadModelDocument> } = {
  categories: categoriesReadModel,
  users: usersReadModel,
  sellers: sellersReadModel,
  bookings: bookingsReadModel,
  products: productsReadModel,
};

export const isReadModelName = (name: string): name is ReadModelName =>
  (readModelNames as readonly string[]).includes(name);

/** Every change topic the read models feed. */
export const changeTopics: readonly ChangeTopic[] = [
  ...new Set(readModelNames.flatMap((name) => topicNames(readModels[name]))),
];
