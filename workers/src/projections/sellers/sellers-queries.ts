import type { Page, PageRequest, ReadStore } from '../../read-store/port.ts';
import type { ReadModelQuery } from '../query.ts';
import type { SellerDocument } from './seller-document.ts';

/** Seller records by id; without `page`, all of them. */
export function listSellers(store: ReadStore, page?: PageRequest): Promise<Page<SellerDocument>> {
  return store.find<SellerDocument>('sellers', { orderBy: [['_id', 'asc']], page });
}

/** The ids of the sellers an admin verified (a search for verified sellers' products reads them). */
export async function verifiedSellerIds(store: ReadStore): Promise<string[]> {
  const { items } = await store.find<SellerDocument>('sellers', {
    where: { verified: true },
    orderBy: [['_id', 'asc']],
  });
  return items.map((seller) => seller._id);
}

export function getSellerById(store: ReadStore, id: string): Promise<SellerDocument | null> {
  return store.get<SellerDocument>('sellers', id);
}

async function firstSellerWhere(
  store: ReadStore,
  field: 'sellerEmail' | 'email',
  value: string,
): Promise<SellerDocument | null> {
  const { items } = await store.find<SellerDocument>('sellers', {
    where: { [field]: value },
    orderBy: [['_id', 'asc']],
    page: { limit: 1 },
  });
  return items[0] ?? null;
}

/** The seller record with this seller e-mail, else the one with this account e-mail. */
export async function getSellerByEmail(
  store: ReadStore,
  email: string,
): Promise<SellerDocument | null> {
  return (
    (await firstSellerWhere(store, 'sellerEmail', email)) ??
    (await firstSellerWhere(store, 'email', email))
  );
}

/** Every seller record, by id (the admins' list). */
export const sellers: ReadModelQuery<void, SellerDocument[]> = {
  sources: () => [{ topic: 'sellers', key: null }],
  run: async (store) => (await listSellers(store)).items,
};
