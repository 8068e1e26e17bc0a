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

/**
 * What a booking carries of its buyer and its product, in ProductBooked and in BookingPlaced
 * alike, so that either can complete the other.
 */
export const BookedPhone = {
  productId: Id,
  bookingId: Id,
  productName: Name,
  Brand: Name,
  buyerUid: Id,
  buyerName: Name,
  email: Email,
  phone: Type.String({ maxLength: 40 }),
  address: Type.String({ maxLength: 500 }),
  sellingPrice: Money,
};

/**
 * Who answers a booking and until when (version 2 of both booking events): the product's seller
 * (null in a version 1 event, whose product's stream names them) and when it expires unanswered.
 */
export const BookingAnswer = {
  sellerUid: Type.Union([Id, Type.Null()]),
  sellerEmail: Type.Union([Email, Type.Null()]),
  expiresAt: Timestamp,
};

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
