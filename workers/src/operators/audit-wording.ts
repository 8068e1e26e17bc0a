/** What an event says happened, in plain words, for an audit's reader (the CLI's table). */
import { isKnownEventType, type EventType } from '@resale/events';

type Payload = Readonly<Record<string, unknown>>;

const text = (payload: Payload, field: string): string => {
  const value = payload[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '?';
};
const quoted = (payload: Payload, field: string): string => `"${text(payload, field)}"`;
const price = (payload: Payload, field: string): string => `$${text(payload, field)}`;

const cancellationReasons: Readonly<Record<string, string>> = {
  'buyer-cancelled': 'by its buyer',
  'buyer-deleted': 'because an admin deleted the buyer',
  'seller-deleted': 'because an admin deleted the seller',
};

// Every event type of the catalog has its words: a new type does not compile until it has them.
const wordings: Readonly<Record<EventType, (payload: Payload) => string>> = {
  UserRegistered: (p) =>
    `${quoted(p, 'name')} <${text(p, 'email')}> signed up as ${text(p, 'role')}`,
  UserPromoted: () => 'made admin',
  UserDeleted: () => 'account deleted',
  SellerPersonalDataErased: () => 'personal data of the deleted user erased from the seller record',
  SellerRegistered: (p) => `${quoted(p, 'name')} became a seller (${text(p, 'sellerEmail')})`,
  SellerVerified: () => 'seller verified',
  SellerDeleted: () => 'seller deleted',
  CategoryCreated: (p) => `category ${quoted(p, 'title')} created`,
  ProductListed: (p) =>
    `${quoted(p, 'productName')} (${text(p, 'Brand')}, ${text(p, 'condition')}) listed at ${price(p, 'sellingPrice')}`,
  ProductReported: (p) =>
    p['details']
      ? `listing reported: ${text(p, 'reason')}, ${quoted(p, 'details')}`
      : `listing reported: ${text(p, 'reason')}`,
  ProductBooked: (p) => `booked by ${quoted(p, 'buyerName')} <${text(p, 'email')}>`,
  ReportedProductDeleted: (p) => `reported listing deleted: ${quoted(p, 'reason')}`,
  ProductAdvertised: () => 'listing advertised on the home page',
  ProductMarkedUnavailable: () => 'taken off sale by its seller',
  ProductMarkedAvailable: () => 'put back on sale by its seller',
  ProductSold: (p) => `sold through booking ${text(p, 'bookingId')}`,
  ProductReleased: (p) => `on sale again: booking ${text(p, 'bookingId')} ${text(p, 'reason')}`,
  ProductPriceChanged: (p) => `price changed to ${price(p, 'sellingPrice')}`,
  ProductConditionChanged: (p) => `condition changed to ${text(p, 'condition')}`,
  ProductDescriptionChanged: () => 'description edited',
  ProductPictureChanged: () => 'picture changed',
  ProductWithdrawn: (p) =>
    p['reason'] === 'account-deleted'
      ? "withdrawn by the system: an admin deleted its seller's account"
      : 'withdrawn by its seller',
  ProductSoldElsewhere: () => 'marked sold outside the site by its seller',
  CaseClaimed: (p) => `case claimed for review by ${quoted(p, 'adminName')}`,
  CaseReleased: () => 'case released unacted on',
  ReportsDismissed: (p) => `reports dismissed: ${quoted(p, 'reason')}`,
  ProductHidden: (p) => `listing hidden from the site: ${quoted(p, 'reason')}`,
  ProductRestored: (p) => `listing restored to the site: ${quoted(p, 'reason')}`,
  ReviewRequested: () => 'its seller asked for a review of the hiding',
  ProductPersonalDataErased: (p) =>
    `personal data of deleted user ${text(p, 'uid')} erased from the listing`,
  BookingPlaced: (p) =>
    `${quoted(p, 'buyerName')} <${text(p, 'email')}> booked ${quoted(p, 'productName')} at ${price(p, 'sellingPrice')}`,
  BookingAccepted: () => 'booking accepted by the seller: sold',
  BookingDeclined: () => 'booking declined by the seller',
  BookingCancelled: (p) =>
    `booking cancelled ${cancellationReasons[text(p, 'reason')] ?? text(p, 'reason')}`,
  BookingExpired: () => 'booking expired unanswered',
  BookingPersonalDataErased: (p) =>
    `personal data of deleted user ${text(p, 'uid')} erased from the booking`,
};

/** "ProductStolen" → "product stolen": a type the catalog does not know (a newer writer's). */
const typeInWords = (type: string): string =>
  type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const isPayload = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function describeEvent(type: string, payload: unknown): string {
  const wording = isKnownEventType(type) ? wordings[type] : undefined;
  return wording && isPayload(payload) ? wording(payload) : typeInWords(type);
}
