import Type from 'typebox';
import { Condition } from './documents.ts';
import { Email } from './common.ts';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Money = Type.Number({ minimum: 0, maximum: 1_000_000_000 });

/** POST /myProducts: the add-product form (spec sections 5 and 7). */
export const Listing = Type.Object(
  {
    productName: Name,
    sellerName: Name,
    condition: Condition,
    email: Email,
    Brand: Name,
    picture: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'The URL POST /images answered for the picture (or the image name in it)',
    }),
    address: Type.String({ minLength: 1, maxLength: 500 }),
    about: Type.String({ minLength: 1, maxLength: 5000 }),
    sellerEmail: Email,
    phone: Type.String({ minLength: 1, maxLength: 40 }),
    buyingPrice: Money,
    sellingPrice: Money,
    year: Type.Number({ minimum: 0, maximum: 100 }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        productName: 'Galaxy S20 FE Cloud Navy',
        sellerName: 'Karim Mobile Corner',
        condition: 'Good',
        email: 'karim.seller@example.com',
        Brand: 'Samsung',
        picture: 'http://127.0.0.1:5000/images/0b7e6f0e-3c1d-4d5a-9a61-2f1f3c6b8e21.png',
        address: 'Mirpur, Dhaka',
        about: 'One owner, battery health 86%, a small scratch on the back glass.',
        sellerEmail: 'karim.seller@example.com',
        phone: '+880 1811-000111',
        buyingPrice: 699,
        sellingPrice: 310,
        year: 3,
      },
    ],
  },
);

/** PATCH /myProducts/{productId}: the fields a seller may change, at least one of them. */
export const ListingChanges = Type.Object(
  {
    sellingPrice: Type.Optional(Money),
    condition: Type.Optional(Condition),
    about: Type.Optional(Type.String({ minLength: 1, maxLength: 5000 })),
    picture: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description: 'The URL POST /images answered for the new picture (or the image name in it)',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ sellingPrice: 290, about: 'One owner, new battery (health 100%).' }],
  },
);

/** What an edit sending an empty text is told (other problems are worded by the validation). */
export const listingChangeMessages = {
  about: 'about cannot be empty',
  picture: 'picture cannot be empty',
};

/** The add-product form's messages for its required fields (spec section 5). */
export const listingMessages = {
  sellerName: 'sellerName is required',
  productName: 'name is required',
  email: 'email is required',
  picture: 'img is required',
  Brand: 'category is required',
  condition: 'condition is required',
  buyingPrice: 'buyingPrice is required',
  sellingPrice: 'sellingPrice is required',
  year: 'year is required',
  phone: 'phone is required',
  about: 'about is required',
  address: 'address is required',
  sellerEmail: 'sellerEmail is required',
};

/** POST /bookings: the booking modal; price, brand and product name come from the listing. */
export const BookingRequest = Type.Object(
  {
    productId: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
    buyerName: Name,
    email: Email,
    // The booking form leaves phone and address unchecked (spec section 5).
    phone: Type.String({ maxLength: 40, default: '' }),
    address: Type.String({ maxLength: 500, default: '' }),
    Brand: Type.Optional(
      Type.String({ maxLength: 200, description: 'Ignored: taken from the listing' }),
    ),
    sellingPrice: Type.Optional(
      Type.Number({ description: "Ignored: the listing's price is booked" }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        productId: '5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e',
        buyerName: 'Nadia Rahman',
        email: 'nadia.buyer@example.com',
        phone: '+880 1711-000222',
        address: 'Agrabad, Chattogram',
      },
    ],
  },
);
