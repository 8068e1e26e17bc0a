import { reportReasons } from '@resale/events';
import Type from 'typebox';

/** Read-model documents as the client sees them: spec section 3 fields plus a few states. */
export const Category = Type.Object(
  { _id: Type.String(), title: Type.String(), image: Type.String() },
  {
    description: 'A brand category',
    examples: [
      { _id: 'samsung', title: 'Samsung', image: 'http://127.0.0.1:5000/images/samsung.png' },
    ],
  },
);

export const Condition = Type.Enum(['Good', 'Excelent', 'Fair']);

export const ProductStatus = Type.Enum(
  ['available', 'booked', 'sold', 'unavailable', 'withdrawn'],
  {
    description:
      'available: on sale; booked: held by a pending booking; sold: through a booking or outside ' +
      'the site; unavailable: taken off sale by its seller for now; withdrawn: for good',
  },
);

const productExample = {
  _id: '5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e',
  productName: 'Galaxy S20 FE Cloud Navy',
  picture: 'http://127.0.0.1:5000/images/0b7e6f0e-3c1d-4d5a-9a61-2f1f3c6b8e21.png',
  address: 'Mirpur, Dhaka',
  year: 3,
  buyingPrice: 699,
  sellingPrice: 310,
  sellerName: 'Karim Mobile Corner',
  condition: 'Good',
  phone: '+880 1811-000111',
  about: 'One owner, battery health 86%, a small scratch on the back glass.',
  postTime: '2026-11-20T09:30:00.000Z',
  Brand: 'Samsung',
  email: 'karim.seller@example.com',
  sellerEmail: 'karim.seller@example.com',
  booked: false,
  reported: false,
  advertised: true,
  available: true,
  status: 'available',
  sellerVerified: true,
  hidden: false,
  hiddenReason: null,
  reviewRequested: false,
};

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
    reported: Type.Boolean({
      description: 'Its case is before the admins: it has open reports, or an admin hid it',
    }),
    advertised: Type.Boolean(),
    available: Type.Boolean(),
    status: ProductStatus,
    sellerVerified: Type.Boolean(),
    hidden: Type.Boolean({
      description: 'An admin hid it from every public page (only its seller and admins see it)',
    }),
    hiddenReason: Type.Union([Type.String(), Type.Null()], {
      description: 'Why an admin hid it, while hidden',
    }),
    reviewRequested: Type.Boolean({
      description: 'Its seller asked the admins to review its hiding',
    }),
  },
  {
    description: 'A product (spec section 3) and its states',
    examples: [productExample],
  },
);

/** Why a user reports a listing (the report form's list). */
export const ReportReason = Type.Enum([...reportReasons, 'not-given'], {
  description: "'not-given': a report made without a reason (before reasons, or without a body)",
});

/** A listing's case as the admins' Reported Items queue shows it. */
export const ReportedProduct = Type.Object(
  {
    ...Product.properties,
    reportCount: Type.Integer({ description: 'Its open reports' }),
    reports: Type.Array(
      Type.Object({
        reporterUid: Type.String(),
        reporterName: Type.String(),
        reason: ReportReason,
        details: Type.Union([Type.String(), Type.Null()], {
          description: "The reporter's words, with the reason 'other'",
        }),
        reportedAt: Type.String({ format: 'date-time' }),
      }),
      { description: 'Its open reports, oldest first' },
    ),
    lastReportedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    claimedBy: Type.Union([Type.Object({ uid: Type.String(), name: Type.String() }), Type.Null()], {
      description: 'The admin reviewing the case now; the others cannot act on it',
    }),
    reviewNote: Type.Union([Type.String(), Type.Null()], {
      description: "The seller's note with their review request",
    }),
  },
  {
    description: 'A listing before the admins: its open reports, who claimed it, whether hidden',
    examples: [
      {
        ...productExample,
        reported: true,
        reportCount: 1,
        reports: [
          {
            reporterUid: 'Xc1mZ3pQ9',
            reporterName: 'Ann Rahman',
            reason: 'other',
            details: 'The IMEI is blocked',
            reportedAt: '2026-11-21T10:00:00.000Z',
          },
        ],
        lastReportedAt: '2026-11-21T10:00:00.000Z',
        claimedBy: { uid: 'Ad9mK2', name: 'Ada Admin' },
        reviewNote: null,
      },
    ],
  },
);

/** A product as its own page shows it: as lists answer it, with its prices and its seller. */
export const ProductDetails = Type.Object(
  {
    ...Product.properties,
    priceHistory: Type.Array(
      Type.Object({
        price: Type.Number(),
        at: Type.String({ format: 'date-time', description: 'From when it had this price' }),
      }),
      { description: 'Every price it was listed at, oldest first: the first is the listing price' },
    ),
    seller: Type.Object({
      name: Type.String(),
      verified: Type.Boolean({ description: 'An admin verified the seller' }),
      memberSince: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description:
          'When they registered as a seller (null once an admin deleted their seller record)',
      }),
      listings: Type.Integer({ description: 'Their products on sale now (available or booked)' }),
      completedSales: Type.Integer({
        description: 'Their products sold, through a booking they accepted or outside the site',
      }),
    }),
  },
  {
    description: 'A product, its price history and its seller, for its own page',
    examples: [
      {
        ...productExample,
        priceHistory: [
          { price: 340, at: '2026-11-20T09:30:00.000Z' },
          { price: 310, at: '2026-11-22T18:05:00.000Z' },
        ],
        seller: {
          name: 'Karim Mobile Corner',
          verified: true,
          memberSince: '2026-10-02T08:12:00.000Z',
          listings: 4,
          completedSales: 11,
        },
      },
    ],
  },
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
    status: Type.Enum(['pending', 'accepted', 'declined', 'cancelled', 'expired'], {
      description:
        'pending until the seller accepts or declines it, the buyer cancels it, or it expires',
    }),
    expiresAt: Type.String({
      format: 'date-time',
      description: 'When the booking expires if nobody answers it',
    }),
    sellerEmail: Type.Union([Type.String(), Type.Null()], {
      description: "The product's seller (null for a booking made before bookings named them)",
    }),
    cancelReason: Type.Union(
      [Type.Enum(['buyer-cancelled', 'buyer-deleted', 'seller-deleted']), Type.Null()],
      { description: 'Why a cancelled booking was cancelled; null otherwise' },
    ),
  },
  {
    description: 'A booking (spec section 3), the booked product and where the booking stands',
    examples: [
      {
        _id: '0193a5c2-7f1e-7b3a-9c4d-5e6f7a8b9c0d',
        Brand: 'Samsung',
        buyerName: 'Nadia Rahman',
        email: 'nadia.buyer@example.com',
        phone: '+880 1711-000222',
        address: 'Agrabad, Chattogram',
        sellingPrice: 310,
        productId: '5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e',
        productName: 'Galaxy S20 FE Cloud Navy',
        status: 'pending',
        expiresAt: '2026-11-27T09:30:00.000Z',
        sellerEmail: 'rafi.seller@example.com',
        cancelReason: null,
      },
    ],
  },
);

export const Role = Type.Enum(['buyer', 'seller', 'admin']);

export const User = Type.Object(
  { _id: Type.String(), name: Type.String(), email: Type.String(), role: Role },
  {
    description: 'A user account',
    examples: [
      {
        _id: 'Xq3kT9vLm2PzR8sY1wN4bC6dE7fG',
        name: 'Nadia Rahman',
        email: 'nadia.buyer@example.com',
        role: 'buyer',
      },
    ],
  },
);

export const Seller = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    sellerEmail: Type.String(),
    verified: Type.Boolean(),
  },
  {
    description: 'A seller record',
    examples: [
      {
        _id: 'Kp7wQ2xZr5TnV9bM3cL8hJ4dF6sA',
        name: 'Karim Mobile Corner',
        email: 'karim.seller@example.com',
        sellerEmail: 'karim.seller@example.com',
        verified: true,
      },
    ],
  },
);
