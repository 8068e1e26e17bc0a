import type { Page, PageRequest, ReadStore } from '../../read-store/port.ts';
import type { ChangeSource, ReadModelQuery } from '../query.ts';
import { getSellerById } from '../sellers/sellers-queries.ts';
import type { Product, ProductDocument } from './product-document.ts';

const newestFirst = [
  ['postTime', 'desc'],
  ['_id', 'desc'],
] as const;

/** Products are answered with their seller's verification, which the sellers read model holds. */
const sellerVerification: ChangeSource = { topic: 'sellers', key: null };

async function withSellerVerification(
  store: ReadStore,
  products: readonly ProductDocument[],
): Promise<Product[]> {
  const sellerIds = [...new Set(products.map((product) => product.sellerUid))];
  const verified = new Set<string>();
  await Promise.all(
    sellerIds.map(async (id) => {
      if ((await getSellerById(store, id))?.verified) verified.add(id);
    }),
  );
  return products.map((product) => ({
    ...product,
    sellerVerified: verified.has(product.sellerUid),
  }));
}

async function listProducts(
  store: ReadStore,
  where: Readonly<Record<string, string | boolean>>,
  page?: PageRequest,
): Promise<Page<Product>> {
  const found = await store.find<ProductDocument>('products', {
    where,
    orderBy: newestFirst,
    page,
  });
  return { ...found, items: await withSellerVerification(store, found.items) };
}

/** A brand's (category title's) products, newest first; without `page`, all of them. */
export const productsByBrand: ReadModelQuery<
  { readonly brand: string; readonly page?: PageRequest | undefined },
  Page<Product>
> = {
  sources: ({ brand }) => [{ topic: 'products', key: brand }, sellerVerification],
  run: (store, { brand, page }) => listProducts(store, { Brand: brand }, page),
};

/** Products featured on the home page: advertised, on sale and not booked; newest first. */
export const advertisedProducts: ReadModelQuery<void, Product[]> = {
  sources: () => [{ topic: 'products', key: null }, sellerVerification],
  run: async (store) =>
    (await listProducts(store, { advertised: true, available: true, booked: false })).items,
};

/** A seller's own products (by the seller's e-mail), newest first. */
export const sellerProducts: ReadModelQuery<{ readonly sellerEmail: string }, Product[]> = {
  sources: ({ sellerEmail }) => [{ topic: 'sellerProducts', key: sellerEmail }, sellerVerification],
  run: async (store, { sellerEmail }) => (await listProducts(store, { sellerEmail })).items,
};

/** Reported, not deleted products, newest first (the admins' list). */
export const reportedProducts: ReadModelQuery<void, Product[]> = {
  sources: () => [{ topic: 'reportedProducts', key: null }, sellerVerification],
  run: async (store) => (await listProducts(store, { reported: true })).items,
};

export async function getProduct(store: ReadStore, id: string): Promise<Product | null> {
  const product = await store.get<ProductDocument>('products', id);
  if (!product) return null;
  const [answered] = await withSellerVerification(store, [product]);
  return answered ?? null;
}
