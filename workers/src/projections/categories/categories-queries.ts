import type { ReadStore } from '../../read-store/port.ts';
import type { ReadModelQuery } from '../query.ts';
import type { CategoryDocument } from './category-document.ts';

/** Every category, in the order they were created. */
export async function listCategories(store: ReadStore): Promise<CategoryDocument[]> {
  const page = await store.find<CategoryDocument>('categories', {
    orderBy: [
      ['_position', 'asc'],
      ['_id', 'asc'],
    ],
  });
  return page.items;
}

export function getCategory(store: ReadStore, id: string): Promise<CategoryDocument | null> {
  return store.get<CategoryDocument>('categories', id);
}

/** Every category, in the order they were created. */
export const categories: ReadModelQuery<void, CategoryDocument[]> = {
  sources: () => [{ topic: 'categories', key: null }],
  run: listCategories,
};

/** One category. */
export const categoryById: ReadModelQuery<{ readonly id: string }, CategoryDocument | null> = {
  sources: () => [{ topic: 'categories', key: null }],
  run: (store, { id }) => getCategory(store, id),
};
