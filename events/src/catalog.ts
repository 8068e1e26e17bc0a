import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { BookingPlacedV1, type BookingEvent } from './booking/events.ts';
import { CategoryCreatedV1, type CategoryEvent } from './category/events.ts';
import {
  ProductAdvertisedV1,
  ProductBookedV1,
  ProductListedV1,
  ProductMarkedAvailableV1,
  ProductMarkedUnavailableV1,
  ProductReportedV1,
  ReportedProductDeletedV1,
  type ProductEvent,
} from './product/events.ts';
import {
  SellerDeletedV1,
  SellerRegisteredV1,
  SellerVerifiedV1,
  type SellerEvent,
} from './seller/events.ts';
import { UserDeletedV1, UserPromotedV1, UserRegisteredV1, type UserEvent } from './user/events.ts';
import { EventMetadataSchema } from './envelope.ts';

/** Every event the system records. */
export type AnyEvent = UserEvent | SellerEvent | CategoryEvent | ProductEvent | BookingEvent;
export type EventType = AnyEvent['type'];

/** Payload schema of each event type, per schema version. Adding a version keeps the old ones readable. */
const schemas = {
  UserRegistered: { 1: UserRegisteredV1 },
  UserPromoted: { 1: UserPromotedV1 },
  UserDeleted: { 1: UserDeletedV1 },
  SellerRegistered: { 1: SellerRegisteredV1 },
  SellerVerified: { 1: SellerVerifiedV1 },
  SellerDeleted: { 1: SellerDeletedV1 },
  CategoryCreated: { 1: CategoryCreatedV1 },
  ProductListed: { 1: ProductListedV1 },
  ProductReported: { 1: ProductReportedV1 },
  ProductBooked: { 1: ProductBookedV1 },
  ReportedProductDeleted: { 1: ReportedProductDeletedV1 },
  ProductAdvertised: { 1: ProductAdvertisedV1 },
  ProductMarkedUnavailable: { 1: ProductMarkedUnavailableV1 },
  ProductMarkedAvailable: { 1: ProductMarkedAvailableV1 },
  BookingPlaced: { 1: BookingPlacedV1 },
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
  constructor(
    readonly eventType: string,
    readonly problems: string[],
  ) {
    super(`Invalid ${eventType} event: ${problems.join('; ')}`);
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
