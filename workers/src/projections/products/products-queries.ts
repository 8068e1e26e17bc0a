import type { Page, PageRequest, ReadStore } from '../../read-store/port.ts';
import type { ProductDocument } from './product-document.ts';

const newestFirst = [
  ['postTime', 'desc'],
  ['_id', 'desc'],
] as const;

/** A brand's (category title's) products, newest first; without `page`, all of them. */
export function listProductsByBrand(
  store: ReadStore,
  brand: string,
  page?: PageRequest,
): Promise<Page<ProductDocument>> {
  return store.find<ProductDocument>('products', {
    where: { Brand: brand },
    orderBy: newestFirst,
    page,
  });
}

/** Products featured on the home page: advertised, on sale and not booked; newest first. */
export async function listAdvertisedProducts(store: ReadStore): Promise<ProductDocument[]> {
  const { items } = await store.find<ProductDocument>('products', {
    where: { advertised: true, available: true, booked: false },
    orderBy: newestFirst,
  });
  return items;
}

/** A seller's own products (by the seller's e-mail), newest first. */
export async function listProductsBySeller(
  store: ReadStore,
  sellerEmail: string,
): Promise<ProductDocument[]> {
  const { items } = await store.find<ProductDocument>('products', {
    where: { sellerEmail },
    orderBy: newestFirst,
  });
  return items;
}

export function getProduct(store: ReadStore, id: string): Promise<ProductDocument | null> {
  return store.get<ProductDocument>('products', id);
}
