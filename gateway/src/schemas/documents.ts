import Type from 'typebox';

/** Read-model documents as the client sees them: spec section 3 fields plus a few states. */
export const Category = Type.Object(
  { _id: Type.String(), title: Type.String(), image: Type.String() },
  { description: 'A brand category' },
);

export const Condition = Type.Enum(['Good', 'Excelent', 'Fair']);

export const Product = Type.Object(
  {
    _id: Type.String(),
    productName: Type.String(),
    picture: Type.String(),
    address: Type.String(),
    year: Type.Number(),
    buyingPrice: Type.Number(),
    sellingPrice: Type.Number(),
    sellerName: Type.String(),
    condition: Condition,
    phone: Type.String(),
    about: Type.String(),
    postTime: Type.String(),
    Brand: Type.String(),
    email: Type.String(),
    sellerEmail: Type.String(),
    booked: Type.Boolean(),
    reported: Type.Boolean(),
    advertised: Type.Boolean(),
    available: Type.Boolean(),
    sellerVerified: Type.Boolean(),
  },
  { description: 'A product (spec section 3) and its states' },
);

export const Booking = Type.Object(
  {
    _id: Type.String(),
    Brand: Type.String(),
    buyerName: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    address: Type.String(),
    sellingPrice: Type.Number(),
    productId: Type.String(),
    productName: Type.String(),
  },
  { description: 'A booking (spec section 3) and the booked product' },
);

export const Role = Type.Enum(['buyer', 'seller', 'admin']);

export const User = Type.Object(
  { _id: Type.String(), name: Type.String(), email: Type.String(), role: Role },
  { description: 'A user account' },
);

export const Seller = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    sellerEmail: Type.String(),
    verified: Type.Boolean(),
  },
  { description: 'A seller record' },
);
