import Type, { type Static } from 'typebox';
import { Id, Name, Url } from '../fields.ts';

export const categoryStreamId = (categoryId: string): string => `category-${categoryId}`;

export const CategoryCreatedV1 = Type.Object(
  { categoryId: Id, title: Name, image: Url },
  { additionalProperties: false },
);

export type CategoryCreated = {
  type: 'CategoryCreated';
  schemaVersion: 1;
  data: Static<typeof CategoryCreatedV1>;
};
export type CategoryEvent = CategoryCreated;
