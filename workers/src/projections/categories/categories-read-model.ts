import type { AnyEvent, EventType } from '@resale/events';
import type { ReadModel } from '../projection.ts';
import type { CategoryDocument } from './category-document.ts';

export const categoriesCollection = 'categories';

export const categoriesHandledEventTypes: readonly EventType[] = ['CategoryCreated'];

export function evolveCategory(
  doc: CategoryDocument | null,
  event: AnyEvent,
): CategoryDocument | null {
  switch (event.type) {
    case 'CategoryCreated': {
      const { categoryId, title, image } = event.data;
      return { _id: categoryId, title, image };
    }
    default:
      return doc;
  }
}

export const categoriesReadModel: ReadModel<CategoryDocument> = {
  name: 'categories',
  collection: categoriesCollection,
  handledEventTypes: categoriesHandledEventTypes,
  documentId: (event) => (event.type === 'CategoryCreated' ? event.data.categoryId : null),
  evolve: evolveCategory,
  topics: { categories: { key: () => null } },
  // Categories are listed in the order they were created.
  indexes: [
    {
      name: 'by_position',
      fields: [
        ['_position', 1],
        ['_id', 1],
      ],
    },
  ],
};
