import { DomainError, type Command, type Decider } from '../decider.ts';
import { systemActor } from '../envelope.ts';
import { imageNameOf } from '../image-name.ts';
import type {
  ProductAdvertised,
  ProductBooked,
  ProductEdited,
  ProductEvent,
  ProductListed,
  ProductMarkedAvailable,
  ProductMarkedUnavailable,
  ProductReleased,
  ProductReported,
  ProductSold,
  ProductSoldElsewhere,
  ProductWithdrawn,
  ReportedProductDeleted,
  WithdrawalReason,
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

/**
 * `listing` holds the seller's edits (price, condition, description, picture): a booking is made
 * at the price of then. A product withdrawn or sold outside the site stays so for good.
 */
export type Product =
  | { status: 'empty' }
  | ({ status: 'available' } & Unsold)
  | ({ status: 'unavailable' } & Unsold)
  | ({ status: 'withdrawn'; reason: WithdrawalReason } & Unsold)
  | ({ status: 'soldElsewhere' } & Unsold)
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

/** The listing with a seller's edit applied. */
const editedListing = (listing: Listing, event: ProductEdited): Listing => {
  switch (event.type) {
    case 'ProductPriceChanged':
      return { ...listing, sellingPrice: event.data.sellingPrice };
    case 'ProductConditionChanged':
      return { ...listing, condition: event.data.condition };
    case 'ProductDescriptionChanged':
      return { ...listing, about: event.data.about };
    case 'ProductPictureChanged':
      return { ...listing, picture: event.data.picture };
    default: {
      const _unknown: never = event;
      return listing;
    }
  }
};

/** A product its seller still has (on sale or taken off sale for now) leaves the site so. */
const leftSite = (
  state: Product,
  left: { status: 'withdrawn'; reason: WithdrawalReason } | { status: 'soldElsewhere' },
): Product =>
  state.status === 'available' || state.status === 'unavailable'
    ? {
        ...left,
        listing: state.listing,
        reported: state.reported,
        advertised: state.advertised,
      }
    : state;

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
    case 'ProductPriceChanged':
    case 'ProductConditionChanged':
    case 'ProductDescriptionChanged':
    case 'ProductPictureChanged':
      return isListed(state) ? { ...state, listing: editedListing(state.listing, event) } : state;
    case 'ProductWithdrawn':
      return leftSite(state, { status: 'withdrawn', reason: event.data.reason });
    case 'ProductSoldElsewhere':
      return leftSite(state, { status: 'soldElsewhere' });
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

/**
 * Its seller changes some of these fields of a listing they still have; a field absent, or equal
 * to what the listing has, stays as it is. `picture`: an image name or a URL the gateway serves
 * it at, as for ListProduct.
 */
export type EditProduct = Command<
  'EditProduct',
  {
    productId: string;
    sellingPrice?: number | undefined;
    condition?: Listing['condition'] | undefined;
    about?: string | undefined;
    picture?: string | undefined;
  }
>;
/**
 * It leaves the site for good: its seller withdraws it ('seller-withdrew'), or the system does
 * when an admin deleted its seller's account ('account-deleted').
 */
export type WithdrawProduct = Command<
  'WithdrawProduct',
  { productId: string; reason: ProductWithdrawn['data']['reason'] }
>;
/** Its seller sold it outside the site. */
export type MarkProductSoldElsewhere = Command<'MarkProductSoldElsewhere', { productId: string }>;

export type ProductCommand =
  | ListProduct
  | EditProduct
  | WithdrawProduct
  | MarkProductSoldElsewhere
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
const withdrawnProduct = (reason: WithdrawalReason) =>
  new DomainError(
    'illegal_state',
    reason === 'account-deleted'
      ? "This product has been withdrawn: its seller's account was deleted"
      : 'This product has been withdrawn by its seller',
  );
const pendingBooking = () =>
  new DomainError('illegal_state', 'This product has a pending booking: answer it first');

/** A product its seller withdrew or sold outside the site takes no command that changes it. */
function assertStillOnSite(state: ListedProduct): void {
  if (state.status === 'withdrawn') throw withdrawnProduct(state.reason);
  if (state.status === 'soldElsewhere') throw soldProduct();
}

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
  assertStillOnSite(state);
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
  assertStillOnSite(state);
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
  assertStillOnSite(state);
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
  assertStillOnSite(state);
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

/**
 * One event per field that changes, in one append; a request that changes nothing appends
 * nothing. Only a listing its seller still has and no pending booking holds can change.
 */
export const editProduct = (command: EditProduct, state: Product): ProductEdited[] => {
  assertListed(state);
  assertSellerActs(state, command, 'edit it');
  const { productId, sellingPrice, condition, about, picture } = command.data;
  if ([sellingPrice, condition, about, picture].every((field) => field === undefined))
    throw new DomainError(
      'invalid',
      'Give at least one of sellingPrice, condition, about and picture to change',
    );
  if (state.status === 'booked') throw pendingBooking();
  if (state.status === 'sold') throw soldProduct();
  assertStillOnSite(state);
  const pictureName = picture === undefined ? undefined : imageNameOf(picture);
  if (pictureName === null)
    throw new DomainError(
      'invalid',
      'picture must be the name or URL of an uploaded image',
      'picture',
    );
  const { listing } = state;
  const events: ProductEdited[] = [];
  if (sellingPrice !== undefined && sellingPrice !== listing.sellingPrice)
    events.push({
      type: 'ProductPriceChanged',
      schemaVersion: 1,
      data: { productId, sellingPrice, changedAt: command.metadata.now },
    });
  if (condition !== undefined && condition !== listing.condition)
    events.push({
      type: 'ProductConditionChanged',
      schemaVersion: 1,
      data: { productId, condition },
    });
  if (about !== undefined && about !== listing.about)
    events.push({
      type: 'ProductDescriptionChanged',
      schemaVersion: 1,
      data: { productId, about },
    });
  if (pictureName !== undefined && pictureName !== listing.picture)
    events.push({
      type: 'ProductPictureChanged',
      schemaVersion: 1,
      data: { productId, picture: pictureName },
    });
  return events;
};

/** The refusals of a seller's move that ends a listing: withdrawing it, or selling it elsewhere. */
function assertSellerMayEnd(state: ListedProduct): void {
  if (state.status === 'booked') throw pendingBooking();
  if (state.status === 'sold') throw soldProduct();
}

/**
 * For good; withdrawing it again changes nothing. Only the system withdraws a product because
 * its seller's account was deleted, and the system withdraws for no other reason.
 */
export const withdrawProduct = (command: WithdrawProduct, state: Product): ProductWithdrawn[] => {
  assertListed(state);
  const { productId, reason } = command.data;
  const bySystem = command.metadata.actorUid === systemActor.actorUid;
  if (reason === 'account-deleted') {
    if (!bySystem)
      throw new DomainError(
        'forbidden',
        "Only the system withdraws a product because its seller's account was deleted",
      );
  } else assertSellerActs(state, command, 'withdraw it');
  if (state.status === 'withdrawn') return [];
  assertSellerMayEnd(state);
  if (state.status === 'soldElsewhere') throw soldProduct();
  return [{ type: 'ProductWithdrawn', schemaVersion: 1, data: { productId, reason } }];
};

/** For good; marking it sold again changes nothing. */
export const markProductSoldElsewhere = (
  command: MarkProductSoldElsewhere,
  state: Product,
): ProductSoldElsewhere[] => {
  assertListed(state);
  assertSellerActs(state, command, 'mark it sold');
  if (state.status === 'soldElsewhere') return [];
  assertSellerMayEnd(state);
  if (state.status === 'withdrawn') throw withdrawnProduct(state.reason);
  return [
    { type: 'ProductSoldElsewhere', schemaVersion: 1, data: { productId: command.data.productId } },
  ];
};

export const decideProduct = (command: ProductCommand, state: Product): ProductEvent[] => {
  const { type } = command;
  switch (type) {
    case 'ListProduct':
      return listProduct(command, state);
    case 'EditProduct':
      return editProduct(command, state);
    case 'WithdrawProduct':
      return withdrawProduct(command, state);
    case 'MarkProductSoldElsewhere':
      return markProductSoldElsewhere(command, state);
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
