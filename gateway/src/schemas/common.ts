import Type from 'typebox';

const errorFields = {
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
};

/** Every error answer has these fields; a refusal (4xx) says why, and names the field at fault. */
export const ErrorBody = Type.Object(errorFields, {
  description: 'A refusal: why, and the field at fault if one is',
  examples: [
    { statusCode: 400, error: 'Bad Request', message: 'phone is required', field: 'phone' },
    { statusCode: 409, error: 'Conflict', message: 'This product is already booked' },
  ],
});

/** A failure on the server's side (5xx): the same fields, revealing nothing. */
export const ServerErrorBody = Type.Object(errorFields, {
  description: 'A failure on our side; it reveals nothing',
  examples: [
    {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side',
    },
    {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The service is not ready; try again shortly',
    },
  ],
});

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
