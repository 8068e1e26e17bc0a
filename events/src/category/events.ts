import Type, { type Static } from 'typebox';
import type { EventOf } from '../envelope.ts';
import { Id, Name, Url } from '../fields.ts';
import { ImageName } from '../image-name.ts';

export const categoryStreamId = (categoryId: string): string => `category-${categoryId}`;

/** Version 1 held the picture's absolute URL, host and port included (upcast to version 2). */
export const CategoryCreatedV1 = Type.Object(
  { categoryId: Id, title: Name, image: Url },
  { additionalProperties: false },
);
/** The picture by its name in the image store; the gateway's answers make it a URL. */
export const CategoryCreatedV2 = Type.Object(
  { categoryId: Id, title: Name, image: ImageName },
  { additionalProperties: false },
);

export type CategoryCreated = EventOf<'CategoryCreated', Static<typeof CategoryCreatedV2>, 2>;
export type CategoryEvent = CategoryCreated;
