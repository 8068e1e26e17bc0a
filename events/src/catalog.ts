import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  BookingAcceptedV1,
  BookingCancelledV1,
  BookingDeclinedV1,
  BookingExpiredV1,
  BookingPersonalDataErasedV1,
  BookingPlacedV1,
  BookingPlacedV2,
  legacyBookingExpiryHours,
  type BookingEvent,
} from './booking/events.ts';
import { CategoryCreatedV1, CategoryCreatedV2, type CategoryEvent } from './category/events.ts';
import { imageNameOf } from './image-name.ts';
import {
  CaseClaimedV1,
  CaseReleasedV1,
  ProductAdvertisedV1,
  ProductBookedV1,
  ProductBookedV2,
  ProductConditionChangedV1,
  ProductDescriptionChangedV1,
  ProductHiddenV1,
  ProductListedV1,
  ProductListedV2,
  ProductMarkedAvailableV1,
  ProductMarkedUnavailableV1,
  ProductPersonalDataErasedV1,
  ProductPictureChangedV1,
  ProductPriceChangedV1,
  ProductReleasedV1,
  ProductReportedV1,
  ProductReportedV2,
  ProductRestoredV1,
  ProductSoldElsewhereV1,
  ProductSoldV1,
  ProductWithdrawnV1,
  ReportedProductDeletedV1,
  ReportedProductDeletedV2,
  ReportsDismissedV1,
  ReviewRequestedV1,
  type ProductEvent,
} from './product/events.ts';
import {
  SellerDeletedV1,
  SellerPersonalDataErasedV1,
  SellerRegisteredV1,
  SellerVerifiedV1,
  type SellerEvent,
} from './seller/events.ts';
import { UserDeletedV1, UserPromotedV1, UserRegisteredV1, type UserEvent } from './user/events.ts';
import { EventMetadataSchema } from './envelope.ts';

/** Every event the system records. */
export type AnyEvent = UserEvent | SellerEvent | CategoryEvent | ProductEvent | BookingEvent;
export type EventType = AnyEvent['type'];

/**
 * Payload schema of each event type, per schema version; the highest is the current one, which
 * deciders write. Adding a version keeps the old ones readable: each old version has an upcaster
 * (below), and the stores hand out every event at its type's current version.
 */
const schemas = {
  UserRegistered: { 1: UserRegisteredV1 },
  UserPromoted: { 1: UserPromotedV1 },
  UserDeleted: { 1: UserDeletedV1 },
  SellerRegistered: { 1: SellerRegisteredV1 },
  SellerVerified: { 1: SellerVerifiedV1 },
  SellerDeleted: { 1: SellerDeletedV1 },
  SellerPersonalDataErased: { 1: SellerPersonalDataErasedV1 },
  CategoryCreated: { 1: CategoryCreatedV1, 2: CategoryCreatedV2 },
  ProductListed: { 1: ProductListedV1, 2: ProductListedV2 },
  ProductReported: { 1: ProductReportedV1, 2: ProductReportedV2 },
  ProductBooked: { 1: ProductBookedV1, 2: ProductBookedV2 },
  ReportedProductDeleted: { 1: ReportedProductDeletedV1, 2: ReportedProductDeletedV2 },
  ProductAdvertised: { 1: ProductAdvertisedV1 },
  ProductMarkedUnavailable: { 1: ProductMarkedUnavailableV1 },
  ProductMarkedAvailable: { 1: ProductMarkedAvailableV1 },
  ProductSold: { 1: ProductSoldV1 },
  ProductReleased: { 1: ProductReleasedV1 },
  ProductPriceChanged: { 1: ProductPriceChangedV1 },
  ProductConditionChanged: { 1: ProductConditionChangedV1 },
  ProductDescriptionChanged: { 1: ProductDescriptionChangedV1 },
  ProductPictureChanged: { 1: ProductPictureChangedV1 },
  ProductWithdrawn: { 1: ProductWithdrawnV1 },
  ProductSoldElsewhere: { 1: ProductSoldElsewhereV1 },
  CaseClaimed: { 1: CaseClaimedV1 },
  CaseReleased: { 1: CaseReleasedV1 },
  ReportsDismissed: { 1: ReportsDismissedV1 },
  ProductHidden: { 1: ProductHiddenV1 },
  ProductRestored: { 1: ProductRestoredV1 },
  ReviewRequested: { 1: ReviewRequestedV1 },
  ProductPersonalDataErased: { 1: ProductPersonalDataErasedV1 },
  BookingPlaced: { 1: BookingPlacedV1, 2: BookingPlacedV2 },
  BookingAccepted: { 1: BookingAcceptedV1 },
  BookingDeclined: { 1: BookingDeclinedV1 },
  BookingCancelled: { 1: BookingCancelledV1 },
  BookingExpired: { 1: BookingExpiredV1 },
  BookingPersonalDataErased: { 1: BookingPersonalDataErasedV1 },
} satisfies Record<EventType, Record<number, TSchema>>;

export const eventTypes = Object.keys(schemas) as EventType[];

type Validator = ReturnType<typeof Compile>;
const compiled = new Map<string, Validator>();
const validatorFor = (type: string, version: number): Validator | undefined => {
  const key = `${type}@${version}`;
  let validator = compiled.get(key);
  if (!validator) {
    const schema = (schemas as Record<string, Record<number, TSchema> | undefined>)[type]?.[
      version
    ];
    if (!schema) return undefined;
    validator = Compile(schema);
    compiled.set(key, validator);
  }
  return validator;
};
const metadataValidator = Compile(EventMetadataSchema);

/** Thrown when an event or its metadata does not match the catalog, on append or on read. */
export class InvalidEventError extends Error {
  readonly eventType: string;
  readonly problems: string[];

  constructor(eventType: string, problems: string[]) {
    super(`Invalid ${eventType} event: ${problems.join('; ')}`);
    this.eventType = eventType;
    this.problems = problems;
    this.name = 'InvalidEventError';
  }
}

const problemsOf = (validator: Validator, value: unknown, prefix: string): string[] =>
  [...validator.Errors(value)]
    .slice(0, 5)
    .map((e) => `${prefix}${e.instancePath || '/'} ${e.message}`);

/** Checks a payload and its metadata against the catalog; throws InvalidEventError otherwise. */
export function assertValidEvent(
  type: string,
  schemaVersion: number,
  data: unknown,
  metadata: unknown,
): void {
  const validator = validatorFor(type, schemaVersion);
  if (!validator)
    throw new InvalidEventError(type, [`unknown event type or version ${schemaVersion}`]);
  const problems = [
    ...(validator.Check(data) ? [] : problemsOf(validator, data, 'data')),
    ...(metadataValidator.Check(metadata)
      ? []
      : problemsOf(metadataValidator, metadata, 'metadata')),
  ];
  if (problems.length > 0) throw new InvalidEventError(type, problems);
}

export const isKnownEventType = (type: string): type is EventType => type in schemas;

/////////////////////////////////////////
// Upcasting
/////////////////////////////////////////

/** What an upcaster may read besides the payload: when the event happened and who caused it, if known. */
interface UpcastContext {
  readonly occurredAt: string | undefined;
  readonly actorUid: string | undefined;
  readonly actorEmail: string | undefined;
}
/** Maps a payload stored at one version to the next version's payload. */
type Upcaster = (data: unknown, context: UpcastContext) => unknown;
const upcaster = <From extends TSchema, To extends TSchema>(
  _from: From,
  _to: To,
  map: (data: Static<From>, context: UpcastContext) => Static<To>,
): Upcaster => map as unknown as Upcaster;

/** An image reference of version 1 (an absolute URL) as a name; any other URL stays as it was. */
const imageNameOrAsIs = (reference: string): string => imageNameOf(reference) ?? reference;

/**
 * A booking made before bookings expired is read as pending until `legacyBookingExpiryHours`
 * after it was made: the same moment on every read, so a replay decides as the live log did.
 */
const legacyExpiry = (type: string, { occurredAt }: UpcastContext): string => {
  const placed = occurredAt === undefined ? Number.NaN : Date.parse(occurredAt);
  if (Number.isNaN(placed))
    throw new InvalidEventError(type, ['version 1 is read with the time it occurred']);
  return new Date(placed + legacyBookingExpiryHours * 3_600_000).toISOString();
};

/**
 * Per event type, per old version: the function that maps a payload stored at that version to the
 * next version. Events are upcast when they are read, never rewritten in the log.
 */
const upcasters: { readonly [T in EventType]?: Readonly<Record<number, Upcaster>> } = {
  // Version 1 held http(s)://<host:port of the time>/images/<name>.
  CategoryCreated: {
    1: upcaster(CategoryCreatedV1, CategoryCreatedV2, (data) => ({
      ...data,
      image: imageNameOrAsIs(data.image),
    })),
  },
  ProductListed: {
    1: upcaster(ProductListedV1, ProductListedV2, (data) => ({
      ...data,
      picture: imageNameOrAsIs(data.picture),
    })),
  },
  // Version 1 named neither the seller nor an end: bookings did not end.
  ProductBooked: {
    1: upcaster(ProductBookedV1, ProductBookedV2, (data, context) => ({
      ...data,
      sellerUid: null,
      sellerEmail: null,
      expiresAt: legacyExpiry('ProductBooked', context),
    })),
  },
  // Version 1 named no reason; its reporter is the user who caused it, named by e-mail.
  ProductReported: {
    1: upcaster(ProductReportedV1, ProductReportedV2, (data, context) => ({
      ...data,
      reporterUid: context.actorUid ?? 'unknown',
      reporterName: context.actorEmail ?? '',
      reason: 'not-given' as const,
      details: null,
      reportedAt: context.occurredAt ?? new Date(0).toISOString(),
    })),
  },
  // Version 1 named no reason; its admin is the user who caused it.
  ReportedProductDeleted: {
    1: upcaster(ReportedProductDeletedV1, ReportedProductDeletedV2, (data, context) => ({
      ...data,
      adminUid: context.actorUid ?? 'unknown',
      reason: 'not given',
    })),
  },
  BookingPlaced: {
    1: upcaster(BookingPlacedV1, BookingPlacedV2, (data, context) => ({
      ...data,
      sellerUid: null,
      sellerEmail: null,
      expiresAt: legacyExpiry('BookingPlaced', context),
    })),
  },
};

const currentVersions: ReadonlyMap<string, number> = new Map(
  Object.entries(schemas).map(([type, versions]) => [
    type,
    Math.max(...Object.keys(versions).map(Number)),
  ]),
);

/** The version deciders write for an event type (undefined for an unknown type). */
export const currentSchemaVersion = (type: string): number | undefined => currentVersions.get(type);

/**
 * A stored event at its type's current version: the event itself when it is current, else a copy
 * whose payload went through the upcaster of each version from its own up to the current one.
 * Event stores apply it to every event they read, after checking it against its own version.
 */
export function upcastEvent<
  E extends {
    readonly type: string;
    readonly schemaVersion: number;
    readonly data: unknown;
    readonly metadata?: {
      readonly occurredAt: string;
      readonly actorUid?: string;
      readonly actorEmail?: string;
    };
  },
>(event: E): E {
  const current = currentVersions.get(event.type);
  if (current === undefined || event.schemaVersion >= current) return event;
  const steps = upcasters[event.type as EventType];
  let data = event.data;
  for (let version = event.schemaVersion; version < current; version += 1) {
    const step = steps?.[version];
    if (!step) throw new InvalidEventError(event.type, [`no upcaster from version ${version}`]);
    data = step(data, {
      occurredAt: event.metadata?.occurredAt,
      actorUid: event.metadata?.actorUid,
      actorEmail: event.metadata?.actorEmail,
    });
  }
  return { ...event, schemaVersion: current, data };
}
