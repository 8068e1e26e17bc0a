import Type from 'typebox';

/** Field schemas shared by several events. Limits guard the store; the spec sets none visible to users. */
export const Id = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });
export const Email = Type.String({ minLength: 3, maxLength: 320, format: 'email' });
export const Name = Type.String({ minLength: 1, maxLength: 200 });
export const ShortText = Type.String({ minLength: 1, maxLength: 500 });
export const LongText = Type.String({ minLength: 1, maxLength: 5000 });
export const Url = Type.String({ minLength: 1, maxLength: 2048 });
export const Money = Type.Number({ minimum: 0, maximum: 1_000_000_000 });
export const Timestamp = Type.String({ format: 'date-time' });

export const RegistrationRole = Type.Union([Type.Literal('buyer'), Type.Literal('seller')]);
export const Role = Type.Union([
  Type.Literal('buyer'),
  Type.Literal('seller'),
  Type.Literal('admin'),
]);
export const Condition = Type.Union([
  Type.Literal('Good'),
  Type.Literal('Excelent'),
  Type.Literal('Fair'),
]);
