import type { Page, PageRequest, ReadStore } from '../../read-store/port.ts';
import type { ReadModelQuery } from '../query.ts';
import type { UserDocument } from './user-document.ts';

/** Users by uid; without `page`, all of them. */
export function listUsers(store: ReadStore, page?: PageRequest): Promise<Page<UserDocument>> {
  return store.find<UserDocument>('users', { orderBy: [['_id', 'asc']], page });
}

export function getUserById(store: ReadStore, uid: string): Promise<UserDocument | null> {
  return store.get<UserDocument>('users', uid);
}

/** The user registered with this e-mail (the lowest uid should there be several). */
export async function getUserByEmail(
  store: ReadStore,
  email: string,
): Promise<UserDocument | null> {
  const { items } = await store.find<UserDocument>('users', {
    where: { email },
    orderBy: [['_id', 'asc']],
    page: { limit: 1 },
  });
  return items[0] ?? null;
}

/** Every user, by uid (the admins' list). */
export const users: ReadModelQuery<void, UserDocument[]> = {
  sources: () => [{ topic: 'users', key: null }],
  run: async (store) => (await listUsers(store)).items,
};
