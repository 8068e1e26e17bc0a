import Type, { type Static } from 'typebox';
import type { EventOf } from '../envelope.ts';
import {
  BookedPhone,
  BookingAnswer,
  Condition,
  Email,
  Id,
  LongText,
  Money,
  Name,
  ShortText,
  Timestamp,
  Url,
} from '../fields.ts';
import { ImageName } from '../image-name.ts';

export const productStreamId = (productId: string): string => `product-${productId}`;

/** Version 1 held the picture's absolute URL, host and port included (upcast to version 2). */
export const ProductListedV1 = Type.Object(
  {
    productId: Id,
    productName: Name,
    picture: Url,
    address: ShortText,
    year: Type.Number({ minimum: 0, maximum: 100 }),
    buyingPrice: Money,
    sellingPrice: Money,
    sellerName: Name,
    condition: Condition,
    phone: Type.String({ minLength: 1, maxLength: 40 }),
    about: LongText,
    postTime: Timestamp,
    Brand: Name,
    email: Email,
    sellerEmail: Email,
    sellerUid: Id,
  },
  { additionalProperties: false },
);
/**
 * Field names follow the spec's Product entity (section 3) so projections copy them as they are;
 * the picture is its name in the image store, which the gateway's answers make a URL.
 */
export const ProductListedV2 = Type.Object(
  { ...ProductListedV1.properties, picture: ImageName },
  { additionalProperties: false },
);
/** Version 1 said neither who reported nor why (upcast to version 2 with the reason 'not-given'). */
export const ProductReportedV1 = Type.Object({ productId: Id }, { additionalProperties: false });
/** The reasons a user may choose from: every one but 'not-given'. */
export const reportReasons = [
  'stolen-or-blocked',
  'misleading-description',
  'wrong-price',
  'prohibited-item',
  'spam-or-duplicate',
  'other',
] as const;
/** Why a user reports a listing; 'not-given' is only read from reports made before reasons. */
export const ReportReason = Type.Enum([...reportReasons, 'not-given']);
/** The short text a user writes when the reason is 'other'. */
export const ReportDetails = Type.String({ minLength: 1, maxLength: 200 });
/** Why an admin acted on a case: what the seller and the audit read. */
export const ModerationReason = Type.String({ minLength: 1, maxLength: 300 });
/**
 * Who reported and why; the reporter's name is kept as it was then, for the admins' queue.
 * `details` is the user's own words, given with the reason 'other' only.
 */
export const ProductReportedV2 = Type.Object(
  {
    productId: Id,
    reporterUid: Type.String({ minLength: 1, maxLength: 128 }),
    reporterName: Type.String({ maxLength: 320 }),
    reason: ReportReason,
    details: Type.Union([ReportDetails, Type.Null()]),
    reportedAt: Timestamp,
  },
  { additionalProperties: false },
);
/** Carries the whole booking so the booking stream can always be completed from it. */
export const ProductBookedV1 = Type.Object(BookedPhone, { additionalProperties: false });
/**
 * Version 2 adds the seller who answers the booking and the moment it expires unanswered. A
 * version 1 booking is read with no seller (null) and expiring `legacyBookingExpiryHours` after
 * it was made.
 */
export const ProductBookedV2 = Type.Object(
  { ...BookedPhone, ...BookingAnswer },
  { additionalProperties: false },
);
/** The seller accepted the booking that held the product: it is sold to that booking's buyer. */
export const ProductSoldV1 = Type.Object(
  { productId: Id, bookingId: Id },
  { additionalProperties: false },
);
/** The booking that held the product ended unsold (declined, cancelled, expired): on sale again. */
export const ProductReleasedV1 = Type.Object(
  {
    productId: Id,
    bookingId: Id,
    reason: Type.Union([
      Type.Literal('declined'),
      Type.Literal('cancelled'),
      Type.Literal('expired'),
    ]),
  },
  { additionalProperties: false },
);
/** An admin deleted the product from the reported list (upcast to version 2, reason 'not given'). */
export const ReportedProductDeletedV1 = Type.Object(
  { productId: Id },
  { additionalProperties: false },
);
/** Version 2 says which admin deleted it and why. */
export const ReportedProductDeletedV2 = Type.Object(
  {
    productId: Id,
    adminUid: Type.String({ minLength: 1, maxLength: 128 }),
    reason: ModerationReason,
  },
  { additionalProperties: false },
);

/*
 * Moderation: an admin claims the case of a listing (its open reports, or its hiding) before acting
 * on it, so two admins never act on one case at once; each action names the admin and why.
 */
const AdminAction = {
  productId: Id,
  adminUid: Type.String({ minLength: 1, maxLength: 128 }),
  reason: ModerationReason,
};
/** `adminName`: how the other admins see who holds the case. */
export const CaseClaimedV1 = Type.Object(
  {
    productId: Id,
    adminUid: Type.String({ minLength: 1, maxLength: 128 }),
    adminName: Type.String({ minLength: 1, maxLength: 320 }),
  },
  { additionalProperties: false },
);
/** The admin holding the case let it go unacted on. */
export const CaseReleasedV1 = Type.Object(
  { productId: Id, adminUid: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
/** The open reports were found unfounded and closed; the listing stays as it was. */
export const ReportsDismissedV1 = Type.Object(AdminAction, { additionalProperties: false });
/** Taken off every public page until an admin restores it; its open reports are closed. */
export const ProductHiddenV1 = Type.Object(AdminAction, { additionalProperties: false });
/** A hidden listing back on the public pages. */
export const ProductRestoredV1 = Type.Object(AdminAction, { additionalProperties: false });
/** The seller of a hidden listing asks the admins to look at it again (after editing it, say). */
export const ReviewRequestedV1 = Type.Object(
  { productId: Id, note: Type.Union([ReportDetails, Type.Null()]) },
  { additionalProperties: false },
);
export const ProductAdvertisedV1 = Type.Object({ productId: Id }, { additionalProperties: false });
/** The seller took an unsold product off sale ... */
export const ProductMarkedUnavailableV1 = Type.Object(
  { productId: Id },
  { additionalProperties: false },
);
/** ... and put it back on sale. */
export const ProductMarkedAvailableV1 = Type.Object(
  { productId: Id },
  { additionalProperties: false },
);

/*
 * A seller's changes to a listing they still have (on sale or taken off sale): one event per field
 * changed, so the log says what changed and the price history is the ProductPriceChanged events.
 */
/** `changedAt`: when the new price began (the command's time), as `postTime` is the first's. */
export const ProductPriceChangedV1 = Type.Object(
  { productId: Id, sellingPrice: Money, changedAt: Timestamp },
  { additionalProperties: false },
);
export const ProductConditionChangedV1 = Type.Object(
  { productId: Id, condition: Condition },
  { additionalProperties: false },
);
export const ProductDescriptionChangedV1 = Type.Object(
  { productId: Id, about: LongText },
  { additionalProperties: false },
);
/** The new picture's name in the image store, as ProductListed (version 2) keeps it. */
export const ProductPictureChangedV1 = Type.Object(
  { productId: Id, picture: ImageName },
  { additionalProperties: false },
);
/** Why a product left the site for good: its seller withdrew it, or an admin deleted them. */
export const WithdrawalReason = Type.Union([
  Type.Literal('seller-withdrew'),
  Type.Literal('account-deleted'),
]);
/**
 * Taken off the site for good: by its seller, or by the system when an admin deleted its
 * seller's account (`reason`).
 */
export const ProductWithdrawnV1 = Type.Object(
  { productId: Id, reason: WithdrawalReason },
  { additionalProperties: false },
);
/** Its seller sold it outside the site. */
export const ProductSoldElsewhereV1 = Type.Object(
  { productId: Id },
  { additionalProperties: false },
);

/**
 * A deleted user's personal data in this listing (as its seller, a reporter, the admin holding its
 * case or its buyer) is erased: its key is destroyed, and the read models overwrite what they copied.
 */
export const ProductPersonalDataErasedV1 = Type.Object(
  { productId: Id, uid: Id },
  { additionalProperties: false },
);

export type ProductPersonalDataErased = EventOf<
  'ProductPersonalDataErased',
  Static<typeof ProductPersonalDataErasedV1>
>;
export type ProductListed = EventOf<'ProductListed', Static<typeof ProductListedV2>, 2>;
export type ProductReported = EventOf<'ProductReported', Static<typeof ProductReportedV2>, 2>;
export type ReportReason = Static<typeof ReportReason>;
/** A reason a user may give (every one but 'not-given'). */
export type ChosenReportReason = (typeof reportReasons)[number];
export type ProductBooked = EventOf<'ProductBooked', Static<typeof ProductBookedV2>, 2>;
export type ProductSold = EventOf<'ProductSold', Static<typeof ProductSoldV1>>;
export type ProductReleased = EventOf<'ProductReleased', Static<typeof ProductReleasedV1>>;
export type ReportedProductDeleted = EventOf<
  'ReportedProductDeleted',
  Static<typeof ReportedProductDeletedV2>,
  2
>;
export type CaseClaimed = EventOf<'CaseClaimed', Static<typeof CaseClaimedV1>>;
export type CaseReleased = EventOf<'CaseReleased', Static<typeof CaseReleasedV1>>;
export type ReportsDismissed = EventOf<'ReportsDismissed', Static<typeof ReportsDismissedV1>>;
export type ProductHidden = EventOf<'ProductHidden', Static<typeof ProductHiddenV1>>;
export type ProductRestored = EventOf<'ProductRestored', Static<typeof ProductRestoredV1>>;
export type ReviewRequested = EventOf<'ReviewRequested', Static<typeof ReviewRequestedV1>>;
/** The events of a listing's moderation besides reports and deletion. */
export type ModerationEvent =
  CaseClaimed | CaseReleased | ReportsDismissed | ProductHidden | ProductRestored | ReviewRequested;
export type ProductAdvertised = EventOf<'ProductAdvertised', Static<typeof ProductAdvertisedV1>>;
export type ProductMarkedUnavailable = EventOf<
  'ProductMarkedUnavailable',
  Static<typeof ProductMarkedUnavailableV1>
>;
export type ProductMarkedAvailable = EventOf<
  'ProductMarkedAvailable',
  Static<typeof ProductMarkedAvailableV1>
>;
export type ProductPriceChanged = EventOf<
  'ProductPriceChanged',
  Static<typeof ProductPriceChangedV1>
>;
export type ProductConditionChanged = EventOf<
  'ProductConditionChanged',
  Static<typeof ProductConditionChangedV1>
>;
export type ProductDescriptionChanged = EventOf<
  'ProductDescriptionChanged',
  Static<typeof ProductDescriptionChangedV1>
>;
export type ProductPictureChanged = EventOf<
  'ProductPictureChanged',
  Static<typeof ProductPictureChangedV1>
>;
export type ProductWithdrawn = EventOf<'ProductWithdrawn', Static<typeof ProductWithdrawnV1>>;
export type WithdrawalReason = Static<typeof WithdrawalReason>;
export type ProductSoldElsewhere = EventOf<
  'ProductSoldElsewhere',
  Static<typeof ProductSoldElsewhereV1>
>;
/** The events a seller's edit of a listing appends, one per field changed. */
export type ProductEdited =
  ProductPriceChanged | ProductConditionChanged | ProductDescriptionChanged | ProductPictureChanged;
export type ProductEvent =
  | ProductListed
  | ProductReported
  | ProductBooked
  | ReportedProductDeleted
  | ProductAdvertised
  | ProductMarkedUnavailable
  | ProductMarkedAvailable
  | ProductSold
  | ProductReleased
  | ProductEdited
  | ProductWithdrawn
  | ProductSoldElsewhere
  | ProductPersonalDataErased
  | ModerationEvent;
