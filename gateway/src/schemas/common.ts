import Type from 'typebox';

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    field: Type.Optional(Type.String()),
  },
  { description: 'Every error answer' },
);

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 320 });
/** Ids are UUIDs or Firebase uids: letters, digits, '-' and '_'. */
export const Id = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });

/** Read your writes: wait (at most 2 s) until the read models reached this log position. */
export const MinPosition = Type.Optional(
  Type.Integer({
    minimum: 0,
    description: 'Wait (at most 2 s) until the read models reached this log position',
  }),
);
/** Where a command's events landed in the global log; pass it back as `minPosition`. */
export const Position = Type.Integer({
  minimum: 0,
  description: "Global log position of the command's last event; pass it as `minPosition` to reads",
});

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  after: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  minPosition: MinPosition,
};
