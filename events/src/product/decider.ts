import { DomainError, type Command, type Decider } from '../decider.ts';
import { imageNameOf } from '../image-name.ts';
import type {
  ProductAdvertised,
  ProductBooked,
  ProductEvent,
  ProductListed,
  ProductMarkedAvailable,
  ProductMarkedUnavailable,
  ProductReleased,
  ProductReported,
  ProductSold,
  ReportedProductDeleted,
} from './events.ts';

/////////////////////////////////////////
// State
/////////////////////////////////////////

type Listing = ProductListed['data'];

/** A product on sale or taken off sale by its seller; `advertised` survives that toggle. */
interface Unsold {
  listing: Listing;
  reported: boolean;
  advertised: boolean;
}

export type Product =
  | { status: 'empty' }
  | ({ status: 'available' } & Unsold)
  | ({ status: 'unavailable' } & Unsold)
  | {
      /** Held by a pending booking ('booked'), or sold through the booking its seller accepted. */
      status: 'booked' | 'sold';
      listing: Listing;
      reported: boolean;
      advertised: boolean;
      booking: { bookingId: string; buyerUid: string };
    }
  | { status: 'deleted' };

type ListedProduct = Exclude<Product, { status: 'empty' } | { status: 'deleted' }>;

const isListed = (state: Product): state is ListedProduct =>
  state.status !== 'empty' && state.status !== 'deleted';

export const initialProductState = (): Product => ({ status: 'empty' });

export const evolveProduct = (state: Product, event: ProductEvent): Product => {
  switch (event.type) {
    case 'ProductListed':
      return state.status === 'empty'
        ? { status: 'available', listing: event.data, reported: false, advertised: false }
        : state;
    case 'ProductReported':
      return isListed(state) ? { ...state, reported: true } : state;
    case 'ProductBooked':
      return state.status === 'available' || state.status === 'unavailable'
        ? {
            status: 'booked',
            listing: state.listing,
            reported: state.reported,
            advertised: state.advertised,
            booking: { bookingId: event.data.bookingId, buyerUid: event.data.buyerUid },
          }
        : state;
    case 'ProductSold':
      return state.status === 'booked' && state.booking.bookingId === event.data.bookingId
        ? { ...state, status: 'sold' }
        : state;
    case 'ProductReleased':
      return state.status === 'booked' && state.booking.bookingId === event.data.bookingId
        ? {
            status: 'available',
            listing: state.listing,
            reported: state.reported,
            advertised: state.advertised,
          }
        : state;
    case 'ReportedProductDeleted':
      return { status: 'deleted' };
    case 'ProductAdvertised':
      return state.status === 'available' ? { ...state, advertised: true } : state;
    case 'ProductMarkedUnavailable':
      return state.status === 'available' ? { ...state, status: 'unavailable' } : state;
    case 'ProductMarkedAvailable':
      return state.status === 'unavailable' ? { ...state, status: 'available' } : state;
    default: {
      const _unknown: never = event;
      return state;
    }
  }
};

/////////////////////////////////////////
// Commands
/////////////////////////////////////////

/**
 * Lists a product for `sellerUid` (the gateway sets it to the acting seller); `postTime` is the
 * command's time. `picture`: the image's name in the image store, or a URL the gateway serves it
 * at; the event keeps the name.
 */
export type ListProduct = Command<'ListProduct', Omit<Listing, 'postTime'>>;
export type ReportProduct = Command<'ReportProduct', { productId: string }>;
/**
 * The buyer is the acting user; price, name, brand and seller come from the listing, not from the
 * client. `expiresAt`: when the booking expires unanswered (the gateway's BOOKING_EXPIRY_HOURS).
 */
export type BookProduct = Command<
  'BookProduct',
  {
    productId: string;
    bookingId: string;
    buyerName: string;
    email: string;
    phone: string;
    address: string;
    expiresAt: string;
  }
>;
export type DeleteReportedProduct = Command<'DeleteReportedProduct', { productId: string }>;
export type AdvertiseProduct = Command<'AdvertiseProduct', { productId: string }>;
export type MarkProductUnavailable = Command<'MarkProductUnavailable', { productId: string }>;
export type MarkProductAvailable = Command<'MarkProductAvailable', { productId: string }>;
/**
 * The product's part of a booking's end (see `booking/booking-moves.ts`): its seller accepted
 * the booking that holds it, or the booking ended unsold.
 */
export type SellBookedProduct = Command<
  'SellBookedProduct',
  { productId: string; bookingId: string }
>;
export type ReleaseBookedProduct = Command<
  'ReleaseBookedProduct',
  { productId: string; bookingId: string; reason: ProductReleased['data']['reason'] }
>;

export type ProductCommand =
  | ListProduct
  | ReportProduct
  | BookProduct
  | DeleteReportedProduct
  | AdvertiseProduct
  | MarkProductUnavailable
  | MarkProductAvailable
  | SellBookedProduct
  | ReleaseBookedProduct;

/////////////////////////////////////////
// Business logic
/////////////////////////////////////////

const unknownProduct = () => new DomainError('not_found', 'This product does not exist');
const deletedProduct = () => new DomainError('illegal_state', 'This product has been deleted');
const soldProduct = () => new DomainError('illegal_state', 'This product has been sold');

/** The product as it exists now; a never listed or deleted product cannot take any command. */
function assertListed(state: Product): asserts state is ListedProduct {
  if (state.status === 'empty') throw unknownProduct();
  if (state.status === 'deleted') throw deletedProduct();
}

function assertSellerActs(state: ListedProduct, command: ProductCommand, action: string): void {
  if (state.listing.sellerUid !== command.metadata.actorUid)
    throw new DomainError('forbidden', `Only the seller of this product can ${action}`);
}

/** Same listing as requested; postTime is the first listing's time, so a repeat never matches it. */
const sameListing = (listing: Listing, requested: ListProduct['data']): boolean =>
  (Object.keys(listing) as (keyof Listing)[]).every(
    (key) => key === 'postTime' || listing[key] === requested[key],
  );

export const listProduct = (command: ListProduct, state: Product): ProductListed[] => {
  const picture = imageNameOf(command.data.picture);
  if (picture === null)
    throw new DomainError(
      'invalid',
      'picture must be the name or URL of an uploaded image',
      'picture',
    );
  const requested = { ...command.data, picture };
  if (state.status === 'deleted') throw deletedProduct();
  if (state.status !== 'empty') {
    if (!sameListing(state.listing, requested))
      throw new DomainError('conflict', 'This product already exists');
    return [];
  }
  return [
    {
      type: 'ProductListed',
      schemaVersion: 2,
      data: { ...requested, postTime: command.metadata.now },
    },
  ];
};

export const reportProduct = (command: ReportProduct, state: Product): ProductReported[] => {
  assertListed(state);
  if (state.reported) return [];
  return [
    { type: 'ProductReported', schemaVersion: 1, data: { productId: command.data.productId } },
  ];
};

export const bookProduct = (command: BookProduct, state: Product): ProductBooked[] => {
  assertListed(state);
  const { productId, bookingId, buyerName, email, phone, address, expiresAt } = command.data;
  const buyerUid = command.metadata.actorUid;

  if (state.status === 'booked' || state.status === 'sold') {
    const sameBooking =
      state.booking.bookingId === bookingId && state.booking.buyerUid === buyerUid;
    if (sameBooking) return [];
    if (state.status === 'sold') throw soldProduct();
    throw new DomainError('conflict', 'This product is already booked');
  }
  if (state.status === 'unavailable')
    throw new DomainError('illegal_state', 'This product is not available');
  if (state.listing.sellerUid === buyerUid)
    throw new DomainError('forbidden', 'You cannot book your own product');

  if (!(Date.parse(expiresAt) > Date.parse(command.metadata.now)))
    throw new DomainError('invalid', 'A booking must expire after it is made', 'expiresAt');

  const { productName, Brand, sellingPrice, sellerUid, sellerEmail } = state.listing;
  return [
    {
      type: 'ProductBooked',
      schemaVersion: 2,
      data: {
        productId,
        bookingId,
        buyerUid,
        buyerName,
        email,
        phone,
        address,
        sellingPrice,
        Brand,
        productName,
        sellerUid,
        sellerEmail,
        expiresAt,
      },
    },
  ];
};

export const deleteReportedProduct = (
  command: DeleteReportedProduct,
  state: Product,
): ReportedProductDeleted[] => {
  if (state.status === 'deleted') return [];
  assertListed(state);
  if (!state.reported)
    throw new DomainError('illegal_state', 'Only a reported product can be deleted');
  return [
    {
      type: 'ReportedProductDeleted',
      schemaVersion: 1,
      data: { productId: command.data.productId },
    },
  ];
};

export const advertiseProduct = (
  command: AdvertiseProduct,
  state: Product,
): ProductAdvertised[] => {
  assertListed(state);
  assertSellerActs(state, command, 'advertise it');
  if (state.status === 'booked')
    throw new DomainError('illegal_state', 'A booked product cannot be advertised');
  if (state.status === 'sold') throw soldProduct();
  if (state.status === 'unavailable')
    throw new DomainError('illegal_state', 'Only an available product can be advertised');
  if (state.advertised) return [];
  return [
    { type: 'ProductAdvertised', schemaVersion: 1, data: { productId: command.data.productId } },
  ];
};

export const markProductUnavailable = (
  command: MarkProductUnavailable,
  state: Product,
): ProductMarkedUnavailable[] => {
  assertListed(state);
  assertSellerActs(state, command, 'change its availability');
  if (state.status === 'booked')
    throw new DomainError('illegal_state', 'A booked product cannot change its availability');
  if (state.status === 'sold') throw soldProduct();
  if (state.status === 'unavailable') return [];
  return [
    {
      type: 'ProductMarkedUnavailable',
      schemaVersion: 1,
      data: { productId: command.data.productId },
    },
  ];
};

export const markProductAvailable = (
  command: MarkProductAvailable,
  state: Product,
): ProductMarkedAvailable[] => {
  assertListed(state);
  assertSellerActs(state, command, 'change its availability');
  if (state.status === 'booked')
    throw new DomainError('illegal_state', 'A booked product cannot change its availability');
  if (state.status === 'sold') throw soldProduct();
  if (state.status === 'available') return [];
  return [
    {
      type: 'ProductMarkedAvailable',
      schemaVersion: 1,
      data: { productId: command.data.productId },
    },
  ];
};

/** Sold through the booking that holds it; selling it again through that booking changes nothing. */
export const sellBookedProduct = (command: SellBookedProduct, state: Product): ProductSold[] => {
  assertListed(state);
  const { productId, bookingId } = command.data;
  const heldByIt =
    (state.status === 'booked' || state.status === 'sold') && state.booking.bookingId === bookingId;
  if (!heldByIt) throw new DomainError('conflict', 'This booking no longer holds the product');
  if (state.status === 'sold') return [];
  return [{ type: 'ProductSold', schemaVersion: 1, data: { productId, bookingId } }];
};

/**
 * On sale again once the booking that holds it ended unsold. A product that booking no longer
 * holds (released already, or deleted meanwhile) stays as it is: a booking's end never fails
 * for its product.
 */
export const releaseBookedProduct = (
  command: ReleaseBookedProduct,
  state: Product,
): ProductReleased[] => {
  const { productId, bookingId, reason } = command.data;
  if (state.status !== 'booked' || state.booking.bookingId !== bookingId) return [];
  return [{ type: 'ProductReleased', schemaVersion: 1, data: { productId, bookingId, reason } }];
};

export const decideProduct = (command: ProductCommand, state: Product): ProductEvent[] => {
  const { type } = command;
  switch (type) {
    case 'ListProduct':
      return listProduct(command, state);
    case 'ReportProduct':
      return reportProduct(command, state);
    case 'BookProduct':
      return bookProduct(command, state);
    case 'DeleteReportedProduct':
      return deleteReportedProduct(command, state);
    case 'AdvertiseProduct':
      return advertiseProduct(command, state);
    case 'MarkProductUnavailable':
      return markProductUnavailable(command, state);
    case 'MarkProductAvailable':
      return markProductAvailable(command, state);
    case 'SellBookedProduct':
      return sellBookedProduct(command, state);
    case 'ReleaseBookedProduct':
      return releaseBookedProduct(command, state);
    default: {
      const _unknown: never = type;
      throw new DomainError('invalid', `Unknown product command ${String(_unknown)}`);
    }
  }
};

export const productDecider: Decider<ProductCommand, ProductEvent, Product> = {
  decide: decideProduct,
  evolve: evolveProduct,
  initialState: initialProductState,
};
