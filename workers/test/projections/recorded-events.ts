import {
  assertValidEvent,
  bookingStreamId,
  categoryStreamId,
  productStreamId,
  sellerStreamId,
  userStreamId,
  type AnyEvent,
  type BookingPlaced,
  type EventType,
  type CategoryCreated,
  type ProductBooked,
  type ProductListed,
  type RecordedEvent,
  type SellerRegistered,
  type UserRegistered,
} from '@resale/events';

/** The stream an event belongs to, as the write side names it. */
export function streamIdOf(event: AnyEvent): string {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserPromoted':
    case 'UserDeleted':
      return userStreamId(event.data.uid);
    case 'SellerRegistered':
    case 'SellerVerified':
    case 'SellerDeleted':
    case 'SellerPersonalDataErased':
      return sellerStreamId(event.data.sellerId);
    case 'CategoryCreated':
      return categoryStreamId(event.data.categoryId);
    case 'BookingPlaced':
    case 'BookingAccepted':
    case 'BookingDeclined':
    case 'BookingCancelled':
    case 'BookingExpired':
    case 'BookingPersonalDataErased':
      return bookingStreamId(event.data.bookingId);
    default:
      return productStreamId(event.data.productId);
  }
}

/**
 * A little event log for tests: records events with increasing global positions and per-stream
 * revisions, validated against the catalog. Metadata is derived from the position, so a log
 * built twice is identical.
 */
export function eventLog(): {
  record: (event: AnyEvent) => RecordedEvent;
  recordAll: (...events: AnyEvent[]) => RecordedEvent[];
} {
  let position = 0;
  const revisions = new Map<string, number>();
  const record = (event: AnyEvent): RecordedEvent => {
    position += 1;
    const streamId = streamIdOf(event);
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const occurredAt = new Date(Date.UTC(2024, 0, 1) + position * 1000).toISOString();
    const metadata = {
      actorUid: 'test-actor',
      actorEmail: 'actor@example.com',
      occurredAt,
      correlationId: `correlation-${position}`,
      causationId: `cause-${position}`,
    };
    assertValidEvent(event.type, event.schemaVersion, event.data, metadata);
    return {
      eventId: `event-${position}`,
      streamId,
      revision,
      position,
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: event.data,
      metadata,
      recordedAt: occurredAt,
    };
  };
  return { record, recordAll: (...events) => events.map(record) };
}

export const categoryCreated = (
  categoryId: string,
  data: Partial<CategoryCreated['data']> = {},
): CategoryCreated => ({
  type: 'CategoryCreated',
  schemaVersion: 2,
  data: { categoryId, title: 'Samsung', image: 'samsung.png', ...data },
});

export const userRegistered = (
  uid: string,
  data: Partial<UserRegistered['data']> = {},
): UserRegistered => ({
  type: 'UserRegistered',
  schemaVersion: 1,
  data: { uid, name: `User ${uid}`, email: `${uid}@example.com`, role: 'buyer', ...data },
});

export const userPromoted = (uid: string): AnyEvent => ({
  type: 'UserPromoted',
  schemaVersion: 1,
  data: { uid, role: 'admin' },
});

export const userDeleted = (uid: string): AnyEvent => ({
  type: 'UserDeleted',
  schemaVersion: 1,
  data: { uid },
});

export const sellerRegistered = (
  sellerId: string,
  data: Partial<SellerRegistered['data']> = {},
): SellerRegistered => ({
  type: 'SellerRegistered',
  schemaVersion: 1,
  data: {
    sellerId,
    name: `Seller ${sellerId}`,
    email: `${sellerId}@example.com`,
    sellerEmail: `${sellerId}@example.com`,
    ...data,
  },
});

export const sellerVerified = (sellerId: string): AnyEvent => ({
  type: 'SellerVerified',
  schemaVersion: 1,
  data: { sellerId },
});

export const sellerDeleted = (sellerId: string): AnyEvent => ({
  type: 'SellerDeleted',
  schemaVersion: 1,
  data: { sellerId },
});

export const productListed = (
  productId: string,
  data: Partial<ProductListed['data']> = {},
): ProductListed => ({
  type: 'ProductListed',
  schemaVersion: 2,
  data: {
    productId,
    productName: `Phone ${productId}`,
    picture: `${productId}.png`,
    address: 'Dhaka',
    year: 2,
    buyingPrice: 500,
    sellingPrice: 300,
    sellerName: 'Seller s1',
    condition: 'Good',
    phone: '+8801000000',
    about: 'Works well',
    postTime: '2024-01-01T10:00:00.000Z',
    Brand: 'Samsung',
    email: 's1@example.com',
    sellerEmail: 's1@example.com',
    sellerUid: 's1',
    ...data,
  },
});

const productEvent =
  <T extends 'ProductAdvertised' | 'ProductMarkedUnavailable' | 'ProductMarkedAvailable'>(
    type: T,
  ) =>
  (productId: string): AnyEvent =>
    ({ type, schemaVersion: 1, data: { productId } }) as AnyEvent;

export const productWithdrawn = (
  productId: string,
  reason: 'seller-withdrew' | 'account-deleted' = 'seller-withdrew',
): AnyEvent => ({
  type: 'ProductWithdrawn',
  schemaVersion: 1,
  data: { productId, reason },
});
export const productSoldElsewhere = (productId: string): AnyEvent => ({
  type: 'ProductSoldElsewhere',
  schemaVersion: 1,
  data: { productId },
});
export const productPriceChanged = (
  productId: string,
  sellingPrice: number,
  changedAt = '2024-01-02T10:00:00.000Z',
): AnyEvent => ({
  type: 'ProductPriceChanged',
  schemaVersion: 1,
  data: { productId, sellingPrice, changedAt },
});
export const productConditionChanged = (
  productId: string,
  condition: 'Good' | 'Excelent' | 'Fair',
): AnyEvent => ({
  type: 'ProductConditionChanged',
  schemaVersion: 1,
  data: { productId, condition },
});
export const productDescriptionChanged = (productId: string, about: string): AnyEvent => ({
  type: 'ProductDescriptionChanged',
  schemaVersion: 1,
  data: { productId, about },
});
export const productPictureChanged = (productId: string, picture: string): AnyEvent => ({
  type: 'ProductPictureChanged',
  schemaVersion: 1,
  data: { productId, picture },
});

/** A report by `reporterUid` (their name is `Reporter <uid>`), at `reportedAt`. */
export const productReported = (
  productId: string,
  reporterUid = 'r1',
  reportedAt = '2024-01-02T10:00:00.000Z',
  reason: 'wrong-price' | 'other' | 'stolen-or-blocked' = 'wrong-price',
  details: string | null = null,
): AnyEvent => ({
  type: 'ProductReported',
  schemaVersion: 2,
  data: {
    productId,
    reporterUid,
    reporterName: `Reporter ${reporterUid}`,
    reason,
    details,
    reportedAt,
  },
});
export const reportedProductDeleted = (productId: string, reason = 'Stolen phone'): AnyEvent => ({
  type: 'ReportedProductDeleted',
  schemaVersion: 2,
  data: { productId, adminUid: 'a1', reason },
});
export const caseClaimed = (productId: string, adminUid = 'a1'): AnyEvent => ({
  type: 'CaseClaimed',
  schemaVersion: 1,
  data: { productId, adminUid, adminName: `Admin ${adminUid}` },
});
export const caseReleased = (productId: string, adminUid = 'a1'): AnyEvent => ({
  type: 'CaseReleased',
  schemaVersion: 1,
  data: { productId, adminUid },
});
const adminAction =
  (type: 'ReportsDismissed' | 'ProductHidden' | 'ProductRestored') =>
  (productId: string, reason = 'Checked', adminUid = 'a1'): AnyEvent => ({
    type,
    schemaVersion: 1,
    data: { productId, adminUid, reason },
  });
export const reportsDismissed = adminAction('ReportsDismissed');
export const productHidden = adminAction('ProductHidden');
export const productRestored = adminAction('ProductRestored');
export const reviewRequested = (productId: string, note: string | null = 'Fixed'): AnyEvent => ({
  type: 'ReviewRequested',
  schemaVersion: 1,
  data: { productId, note },
});
export const productAdvertised = productEvent('ProductAdvertised');
export const productMarkedUnavailable = productEvent('ProductMarkedUnavailable');
export const productMarkedAvailable = productEvent('ProductMarkedAvailable');

const bookingData = (productId: string, bookingId: string, buyerUid: string) => ({
  productId,
  bookingId,
  buyerUid,
  buyerName: `Buyer ${buyerUid}`,
  email: `${buyerUid}@example.com`,
  phone: '+8802000000',
  address: 'Chittagong',
  sellingPrice: 300,
  Brand: 'Samsung',
  productName: `Phone ${productId}`,
  sellerUid: 's1',
  sellerEmail: 's1@example.com',
  expiresAt: '2024-01-03T10:00:00.000Z',
});

/** The booking document ProductBooked and BookingPlaced of these helpers make: pending. */
export const bookingDocument = (productId: string, bookingId: string, buyerUid = 'b1') => {
  const { bookingId: _id, ...fields } = bookingData(productId, bookingId, buyerUid);
  return { _id, ...fields, status: 'pending' as const, cancelReason: null };
};

export const productBooked = (
  productId: string,
  bookingId: string,
  buyerUid = 'b1',
): ProductBooked => ({
  type: 'ProductBooked',
  schemaVersion: 2,
  data: bookingData(productId, bookingId, buyerUid),
});

export const bookingPlaced = (
  productId: string,
  bookingId: string,
  buyerUid = 'b1',
): BookingPlaced => ({
  type: 'BookingPlaced',
  schemaVersion: 2,
  data: bookingData(productId, bookingId, buyerUid),
});

export const productSold = (productId: string, bookingId: string): AnyEvent => ({
  type: 'ProductSold',
  schemaVersion: 1,
  data: { productId, bookingId },
});

export const productReleased = (
  productId: string,
  bookingId: string,
  reason: 'declined' | 'cancelled' | 'expired' = 'declined',
): AnyEvent => ({
  type: 'ProductReleased',
  schemaVersion: 1,
  data: { productId, bookingId, reason },
});

const bookingEnd =
  <T extends 'BookingAccepted' | 'BookingDeclined'>(type: T) =>
  (productId: string, bookingId: string): AnyEvent =>
    ({ type, schemaVersion: 1, data: { productId, bookingId } }) as AnyEvent;

export const bookingAccepted = bookingEnd('BookingAccepted');
export const bookingDeclined = bookingEnd('BookingDeclined');

export const bookingCancelled = (
  productId: string,
  bookingId: string,
  reason: 'buyer-cancelled' | 'buyer-deleted' | 'seller-deleted' = 'buyer-cancelled',
): AnyEvent => ({
  type: 'BookingCancelled',
  schemaVersion: 1,
  data: { productId, bookingId, reason },
});

export const bookingExpired = (productId: string, bookingId: string): AnyEvent => ({
  type: 'BookingExpired',
  schemaVersion: 1,
  data: { productId, bookingId, expiresAt: bookingData(productId, bookingId, 'b1').expiresAt },
});

export const productPersonalDataErased = (productId: string, uid: string): AnyEvent => ({
  type: 'ProductPersonalDataErased',
  schemaVersion: 1,
  data: { productId, uid },
});

export const bookingPersonalDataErased = (
  productId: string,
  bookingId: string,
  uid: string,
): AnyEvent => ({
  type: 'BookingPersonalDataErased',
  schemaVersion: 1,
  data: { productId, bookingId, uid },
});

/** One event of every catalog type: a new type fails to compile here until tests cover it. */
export const oneEventOfEachType = {
  UserRegistered: userRegistered('u1'),
  UserPromoted: userPromoted('u1'),
  UserDeleted: userDeleted('u1'),
  SellerRegistered: sellerRegistered('s1'),
  SellerVerified: sellerVerified('s1'),
  SellerDeleted: sellerDeleted('s1'),
  SellerPersonalDataErased: {
    type: 'SellerPersonalDataErased',
    schemaVersion: 1,
    data: { sellerId: 's1' },
  },
  CategoryCreated: categoryCreated('c1'),
  ProductListed: productListed('p1'),
  ProductReported: productReported('p1'),
  ProductBooked: productBooked('p1', 'bk1'),
  ReportedProductDeleted: reportedProductDeleted('p1'),
  ProductAdvertised: productAdvertised('p1'),
  ProductMarkedUnavailable: productMarkedUnavailable('p1'),
  ProductMarkedAvailable: productMarkedAvailable('p1'),
  ProductSold: productSold('p1', 'bk1'),
  ProductReleased: productReleased('p1', 'bk1'),
  ProductPriceChanged: productPriceChanged('p1', 250),
  ProductConditionChanged: productConditionChanged('p1', 'Fair'),
  ProductDescriptionChanged: productDescriptionChanged('p1', 'A new battery'),
  ProductPictureChanged: productPictureChanged('p1', 'p1-new.png'),
  ProductWithdrawn: productWithdrawn('p1'),
  ProductSoldElsewhere: productSoldElsewhere('p1'),
  CaseClaimed: caseClaimed('p1'),
  CaseReleased: caseReleased('p1'),
  ReportsDismissed: reportsDismissed('p1'),
  ProductHidden: productHidden('p1'),
  ProductRestored: productRestored('p1'),
  ReviewRequested: reviewRequested('p1'),
  ProductPersonalDataErased: productPersonalDataErased('p1', 's1'),
  BookingPlaced: bookingPlaced('p1', 'bk1'),
  BookingAccepted: bookingAccepted('p1', 'bk1'),
  BookingDeclined: bookingDeclined('p1', 'bk1'),
  BookingCancelled: bookingCancelled('p1', 'bk1'),
  BookingExpired: bookingExpired('p1', 'bk1'),
  BookingPersonalDataErased: bookingPersonalDataErased('p1', 'bk1', 'b1'),
} satisfies Record<EventType, AnyEvent>;
