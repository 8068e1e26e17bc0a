import Type, { type TSchema } from 'typebox';
import { Position } from './common.ts';

/** Answers of commands, in the shapes the spec's client reads (MongoDB driver results). */
export const Inserted = Type.Object(
  {
    acknowledged: Type.Boolean(),
    insertedId: Type.String(),
    position: Position,
  },
  {
    examples: [
      { acknowledged: true, insertedId: '5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e', position: 1842 },
    ],
  },
);
export const Modified = Type.Object(
  {
    acknowledged: Type.Boolean(),
    /** 0 when the change already held (nothing was appended). */
    modifiedCount: Type.Integer(),
    position: Position,
  },
  { examples: [{ acknowledged: true, modifiedCount: 1, position: 1843 }] },
);
export const Deleted = Type.Object(
  {
    acknowledged: Type.Boolean(),
    deletedCount: Type.Integer(),
    position: Position,
  },
  { examples: [{ acknowledged: true, deletedCount: 1, position: 1844 }] },
);

/** A list answer: the whole list, or one page of it when `limit` or `after` was given. */
export const ListOrPage = <T extends TSchema>(item: T) =>
  Type.Union([
    Type.Array(item),
    Type.Object({ items: Type.Array(item), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
  ]);
