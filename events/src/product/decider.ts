import { DomainError, type Command, type Decider } from '../decider.ts';
import { systemActor } from '../envelope.ts';
import { imageNameOf } from '../image-name.ts';
import type {
  CaseClaimed,
  CaseReleased,
  ProductAdvertised,
  ProductBooked,
  ProductEdited,
  ProductEvent,
  ProductHidden,
  ProductListed,
  ProductMarkedAvailable,
  ProductMarkedUnavailable,
  ProductReleased,
  ProductReported,
  ProductRestored,
  ProductSold,
  ProductSoldElsewhere,
  ProductWithdrawn,
  ReportReason,
  ReportedProductDeleted,
  ReportsDismissed,
  ReviewRequested,
  WithdrawalReason,
} from './events.ts';

/////////////////////////////////////////
// State
/////////////////////////////////////////

type Listing = ProductListed['data'];

/**
 * A listing's case before the admins. Its case is open while it has open reports, is hidden or
 * its seller asked for a review; an admin claims it (`claim`) before acting on it.
 */
export interface Moderation {
  /** The users whose reports are open: each may have one open report at a time. */
  reporters: readonly string[];
  /** Why an admin hid it, while it is hidden from every public page. */
  hidden: { reason: string } | null;
  /** The admin reviewing the case now. */
  claim: { adminUid: string; adminName: string } | null;
  /** Its seller asked the admins to look at its hiding again. */
  reviewRequested: boolean;
}

const noCase: Moderation = { reporters: [], hidden: null, claim: null, reviewRequested: false };

/** A product on sale or taken off sale by its seller; `advertised` survives that toggle. */
interface Unsold {
  listing: Listing;
  moderation: Moderation;
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
      moderation: Moderation;
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
        moderation: state.moderation,
        advertised: state.advertised,
      }
    : state;

/** The listing's case changed by an event of its moderation. */
const moderated = (state: Product, change: (moderation: Moderation) => Moderation): Product =>
  isListed(state) ? { ...state, moderation: change(state.moderation) } : state;

/** A case an admin acted on is closed: its reports and any review request, and its claim. */
const closed = (moderation: Moderation): Moderation => ({
  ...moderation,
  reporters: [],
  claim: null,
  reviewRequested: false,
});

export const initialProductState = (): Product => ({ status: 'empty' });

export const evolveProduct = (state: Product, event: ProductEvent): Product => {
  switch (event.type) {
    case 'ProductListed':
      return state.status === 'empty'
        ? { status: 'available', listing: event.data, moderation: noCase, advertised: false }
        : state;
    case 'ProductReported':
      return moderated(state, (moderation) =>
        moderation.reporters.includes(event.data.reporterUid)
          ? moderation
          : { ...moderation, reporters: [...moderation.reporters, event.data.reporterUid] },
      );
    case 'CaseClaimed':
      return moderated(state, (moderation) => ({
        ...moderation,
        claim: { adminUid: event.data.adminUid, adminName: event.data.adminName },
      }));
    case 'CaseReleased':
      return moderated(state, (moderation) => ({ ...moderation, claim: null }));
    case 'ReportsDismissed':
      return moderated(state, closed);
    case 'ProductHidden':
      return moderated(state, (moderation) => ({
        ...closed(moderation),
        hidden: { reason: event.data.reason },
      }));
    case 'ProductRestored':
      return moderated(state, (moderation) => ({ ...closed(moderation), hidden: null }));
    case 'ReviewRequested':
      return moderated(state, (moderation) => ({ ...moderation, reviewRequested: true }));
    case 'ProductBooked':
      return state.status === 'available' || state.status === 'unavailable'
        ? {
            status: 'booked',
            listing: state.listing,
            moderation: state.moderation,
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
            moderation: state.moderation,
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
    // The state holds personal data as the log reads it: already erased once the key is gone.
    case 'ProductPersonalDataErased':
      return state;
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
/**
 * The acting user reports the listing: `reporterName` is theirs, as the admins' queue shows it;
 * `details` (their own words) goes with the reason 'other' only.
 */
export type ReportProduct = Command<
  'ReportProduct',
  {
    productId: string;
    reporterName: string;
    /** 'not-given' when a client of the spec's call (no payload) reports. */
    reason: ReportReason;
    details?: string | null | undefined;
  }
>;
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
/**
 * Deletes a listing under review for good. As the spec's one-step delete did, it claims the case
 * itself when no admin holds it; `adminName` is the acting admin's name for that claim.
 */
export type DeleteReportedProduct = Command<
  'DeleteReportedProduct',
  { productId: string; adminName: string; reason: string }
>;
/** The acting admin takes the listing's case, so no other admin acts on it meanwhile. */
export type ClaimCase = Command<'ClaimCase', { productId: string; adminName: string }>;
export type ReleaseCase = Command<'ReleaseCase', { productId: string }>;
/** The acting admin, holding the case, closes its open reports; the listing stays. */
export type DismissReports = Command<'DismissReports', { productId: string; reason: string }>;
export type HideProduct = Command<'HideProduct', { productId: string; reason: string }>;
export type RestoreProduct = Command<'RestoreProduct', { productId: string; reason: string }>;
/** Its seller asks the admins to look at a hidden listing again. */
export type RequestReview = Command<'RequestReview', { productId: string; note: string | null }>;
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

/** Sent by the system when an admin deleted the user `uid` (workers' account-deleted reactor). */
export type ErasePersonalData = Command<'ErasePersonalData', { productId: string; uid: string }>;

export type ProductCommand =
  | ErasePersonalData
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
  | ReleaseBookedProduct
  | ClaimCase
  | ReleaseCase
  | DismissReports
  | HideProduct
  | RestoreProduct
  | RequestReview;

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

/** Its user's words for the reason 'other'; none for the other reasons. */
function reportDetails({ reason, details }: ReportProduct['data']): string | null {
  if (reason !== 'other') return null;
  const words = details?.trim() ?? '';
  if (words.length === 0 || words.length > 200)
    throw new DomainError(
      'invalid',
      "Say in a few words what is wrong (up to 200 characters) when the reason is 'other'",
      'details',
    );
  return words;
}

/** One open report per user and listing: a second waits for the admins to close the first. */
export const reportProduct = (command: ReportProduct, state: Product): ProductReported[] => {
  assertListed(state);
  const { productId, reporterName, reason } = command.data;
  const details = reportDetails(command.data);
  const reporterUid = command.metadata.actorUid;
  if (state.moderation.reporters.includes(reporterUid))
    throw new DomainError(
      'conflict',
      'You have already reported this listing: an admin will review your report',
    );
  return [
    {
      type: 'ProductReported',
      schemaVersion: 2,
      data: {
        productId,
        reporterUid,
        reporterName,
        reason,
        details,
        reportedAt: command.metadata.now,
      },
    },
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
  if (state.moderation.hidden !== null)
    throw new DomainError('illegal_state', 'This product has been hidden by an admin');
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

/////////////////////////////////////////
// Moderation
/////////////////////////////////////////

const caseIsOpen = ({ reporters, hidden, reviewRequested }: Moderation): boolean =>
  reporters.length > 0 || hidden !== null || reviewRequested;

const heldBy = (adminName: string) =>
  new DomainError('conflict', `This listing is being reviewed by ${adminName}`);

/** What an admin writes for their action, trimmed; an action without a reason is refused. */
function moderationReason(reason: string): string {
  const words = reason.trim();
  if (words.length === 0 || words.length > 300)
    throw new DomainError('invalid', 'Give a reason (up to 300 characters)', 'reason');
  return words;
}

/** Only the admin holding the case acts on it. */
function assertHoldsCase(state: ListedProduct, command: ProductCommand): void {
  const { claim } = state.moderation;
  if (claim === null) throw new DomainError('illegal_state', 'Claim this case before acting on it');
  if (claim.adminUid !== command.metadata.actorUid) throw heldBy(claim.adminName);
}

/** A listing that left the site (withdrawn, sold outside it) is neither hidden nor restored. */
function assertOnSite(state: ListedProduct): void {
  if (state.status === 'withdrawn' || state.status === 'soldElsewhere')
    throw new DomainError('illegal_state', 'This listing has left the site');
}

export const claimCase = (command: ClaimCase, state: Product): CaseClaimed[] => {
  assertListed(state);
  const { productId, adminName } = command.data;
  const { claim } = state.moderation;
  const adminUid = command.metadata.actorUid;
  if (claim !== null) {
    if (claim.adminUid === adminUid) return [];
    throw heldBy(claim.adminName);
  }
  if (!caseIsOpen(state.moderation))
    throw new DomainError('illegal_state', 'This listing has no open case to review');
  return [{ type: 'CaseClaimed', schemaVersion: 1, data: { productId, adminUid, adminName } }];
};

export const releaseCase = (command: ReleaseCase, state: Product): CaseReleased[] => {
  assertListed(state);
  const { claim } = state.moderation;
  const adminUid = command.metadata.actorUid;
  if (claim === null) return [];
  if (claim.adminUid !== adminUid) throw heldBy(claim.adminName);
  return [
    {
      type: 'CaseReleased',
      schemaVersion: 1,
      data: { productId: command.data.productId, adminUid },
    },
  ];
};

export const dismissReports = (command: DismissReports, state: Product): ReportsDismissed[] => {
  assertListed(state);
  assertHoldsCase(state, command);
  const reason = moderationReason(command.data.reason);
  if (state.moderation.reporters.length === 0 && !state.moderation.reviewRequested)
    throw new DomainError('illegal_state', 'This listing has no open reports to dismiss');
  return [
    {
      type: 'ReportsDismissed',
      schemaVersion: 1,
      data: { productId: command.data.productId, adminUid: command.metadata.actorUid, reason },
    },
  ];
};

export const hideProduct = (command: HideProduct, state: Product): ProductHidden[] => {
  assertListed(state);
  assertHoldsCase(state, command);
  const reason = moderationReason(command.data.reason);
  if (state.moderation.hidden !== null)
    throw new DomainError('illegal_state', 'This listing is already hidden');
  assertOnSite(state);
  return [
    {
      type: 'ProductHidden',
      schemaVersion: 1,
      data: { productId: command.data.productId, adminUid: command.metadata.actorUid, reason },
    },
  ];
};

export const restoreProduct = (command: RestoreProduct, state: Product): ProductRestored[] => {
  assertListed(state);
  assertHoldsCase(state, command);
  const reason = moderationReason(command.data.reason);
  if (state.moderation.hidden === null)
    throw new DomainError('illegal_state', 'This listing is not hidden');
  assertOnSite(state);
  return [
    {
      type: 'ProductRestored',
      schemaVersion: 1,
      data: { productId: command.data.productId, adminUid: command.metadata.actorUid, reason },
    },
  ];
};

/** Asking again while a request waits changes nothing. */
export const requestReview = (command: RequestReview, state: Product): ReviewRequested[] => {
  assertListed(state);
  assertSellerActs(state, command, 'ask for its review');
  if (state.moderation.hidden === null)
    throw new DomainError('illegal_state', 'Only a hidden listing can be reviewed again');
  assertOnSite(state);
  if (state.moderation.reviewRequested) return [];
  const note = command.data.note?.trim() ?? '';
  if (note.length > 200)
    throw new DomainError('invalid', 'Keep the note to 200 characters', 'note');
  return [
    {
      type: 'ReviewRequested',
      schemaVersion: 1,
      data: { productId: command.data.productId, note: note.length > 0 ? note : null },
    },
  ];
};

/**
 * For good; deleting again changes nothing. The acting admin must hold the case, or it must be
 * free: then this claims it in the same append (the spec's delete is one step).
 */
export const deleteReportedProduct = (
  command: DeleteReportedProduct,
  state: Product,
): (CaseClaimed | ReportedProductDeleted)[] => {
  if (state.status === 'deleted') return [];
  assertListed(state);
  const { productId, adminName } = command.data;
  const adminUid = command.metadata.actorUid;
  const { claim } = state.moderation;
  if (claim !== null && claim.adminUid !== adminUid) throw heldBy(claim.adminName);
  if (!caseIsOpen(state.moderation))
    throw new DomainError('illegal_state', 'Only a reported product can be deleted');
  const reason = moderationReason(command.data.reason);
  const claimed: CaseClaimed[] =
    claim === null
      ? [{ type: 'CaseClaimed', schemaVersion: 1, data: { productId, adminUid, adminName } }]
      : [];
  return [
    ...claimed,
    { type: 'ReportedProductDeleted', schemaVersion: 2, data: { productId, adminUid, reason } },
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
  if (state.moderation.hidden !== null)
    throw new DomainError('illegal_state', 'A hidden listing cannot be advertised');
  if (state.advertised) return [];
  return [
    { type: 'ProductAdvertised', schemaVersion: 1, data: { productId: command.data.productId } },
  ];
};

/** Only its seller changes a listing's availability, and only while it is neither booked nor sold. */
function assertAvailabilityChangeable(
  command: MarkProductAvailable | MarkProductUnavailable,
  state: Product,
): asserts state is ListedProduct {
  assertListed(state);
  assertSellerActs(state, command, 'change its availability');
  if (state.status === 'booked')
    throw new DomainError('illegal_state', 'A booked product cannot change its availability');
  if (state.status === 'sold') throw soldProduct();
  assertStillOnSite(state);
}

export const markProductUnavailable = (
  command: MarkProductUnavailable,
  state: Product,
): ProductMarkedUnavailable[] => {
  assertAvailabilityChangeable(command, state);
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
  assertAvailabilityChangeable(command, state);
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

/**
 * Whether the listing's documents copied personal data of the user `uid`: as its seller, as an
 * open report's author, as the admin holding its case. (Its buyer's data is the booking's.)
 */
const concerns = (state: ListedProduct, uid: string): boolean =>
  state.listing.sellerUid === uid ||
  state.moderation.reporters.includes(uid) ||
  state.moderation.claim?.adminUid === uid;

/**
 * The listing's part of a user's erasure: recorded when they left personal data in it, so that the
 * read models overwrite what they copied of it. A deleted listing has no documents left.
 */
const erasePersonalData = (command: ErasePersonalData, state: Product): ProductEvent[] => {
  if (state.status === 'empty') throw unknownProduct();
  if (!isListed(state) || !concerns(state, command.data.uid)) return [];
  return [{ type: 'ProductPersonalDataErased', schemaVersion: 1, data: { ...command.data } }];
};

export const decideProduct = (command: ProductCommand, state: Product): ProductEvent[] => {
  const { type } = command;
  switch (type) {
    case 'ErasePersonalData':
      return erasePersonalData(command, state);
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
    case 'ClaimCase':
      return claimCase(command, state);
    case 'ReleaseCase':
      return releaseCase(command, state);
    case 'DismissReports':
      return dismissReports(command, state);
    case 'HideProduct':
      return hideProduct(command, state);
    case 'RestoreProduct':
      return restoreProduct(command, state);
    case 'RequestReview':
      return requestReview(command, state);
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
