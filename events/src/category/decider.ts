import { DomainError, type Command, type Decider } from '../decider.ts';
import { imageNameOf } from '../image-name.ts';
import type { CategoryCreated, CategoryEvent } from './events.ts';

/////////////////////////////////////////
// State
/////////////////////////////////////////

type CategoryRecord = CategoryCreated['data'];

export type Category = { status: 'none' } | ({ status: 'created' } & CategoryRecord);

export const initialCategoryState = (): Category => ({ status: 'none' });

export const evolveCategory = (state: Category, event: CategoryEvent): Category => {
  switch (event.type) {
    case 'CategoryCreated':
      return state.status === 'none' ? { status: 'created', ...event.data } : state;
    default: {
      const _unknown: never = event.type;
      return state;
    }
  }
};

/////////////////////////////////////////
// Commands
/////////////////////////////////////////

/** `image`: the picture's name in the image store, or a URL the gateway serves it at. */
export type CreateCategory = Command<'CreateCategory', CategoryRecord>;

export type CategoryCommand = CreateCategory;

/////////////////////////////////////////
// Business logic
/////////////////////////////////////////

export const createCategory = (command: CreateCategory, state: Category): CategoryCreated[] => {
  const { categoryId, title } = command.data;
  const image = imageNameOf(command.data.image);
  if (image === null)
    throw new DomainError('invalid', 'image must be the name or URL of an uploaded image', 'image');
  if (state.status === 'created') {
    const same = state.categoryId === categoryId && state.title === title && state.image === image;
    if (!same) throw new DomainError('conflict', 'This category already exists');
    return [];
  }
  return [{ type: 'CategoryCreated', schemaVersion: 2, data: { categoryId, title, image } }];
};

export const decideCategory = (command: CategoryCommand, state: Category): CategoryEvent[] => {
  const { type } = command;
  switch (type) {
    case 'CreateCategory':
      return createCategory(command, state);
    default: {
      const _unknown: never = type;
      throw new DomainError('invalid', `Unknown category command ${String(_unknown)}`);
    }
  }
};

export const categoryDecider: Decider<CategoryCommand, CategoryEvent, Category> = {
  decide: decideCategory,
  evolve: evolveCategory,
  initialState: initialCategoryState,
};
