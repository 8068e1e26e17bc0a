import { eventTypes, type EventType } from '@resale/events';
import { describe, expect, it } from 'vitest';
import type { ReadModelName } from '../../src/projections/projection.ts';
import { readModels, readModelNames } from '../../src/projections/registry.ts';
import { oneEventOfEachType } from './recorded-events.ts';

// A read model ignores every event type missing from its list, silently: so the lists are pinned
// here, and checked against what each read model actually reacts to.
const productEventTypes: EventType[] = [
  'ProductListed',
  'ProductReported',
  'ProductBooked',
  'ReportedProductDeleted',
  'ProductAdvertised',
  'ProductMarkedUnavailable',
  'ProductMarkedAvailable',
  'ProductReleased',
  'ProductSold',
  'ProductPriceChanged',
  'ProductConditionChanged',
  'ProductDescriptionChanged',
  'ProductPictureChanged',
  'ProductWithdrawn',
  'ProductSoldElsewhere',
  'CaseClaimed',
  'CaseReleased',
  'ReportsDismissed',
  'ProductHidden',
  'ProductRestored',
  'ReviewRequested',
  'ProductPersonalDataErased',
];
const expectedHandledTypes: Record<ReadModelName, EventType[]> = {
  categories: ['CategoryCreated'],
  users: ['UserRegistered', 'UserPromoted', 'UserDeleted'],
  sellers: ['SellerRegistered', 'SellerVerified', 'SellerDeleted', 'SellerPersonalDataErased'],
  bookings: [
    'ProductBooked',
    'BookingPlaced',
    'BookingAccepted',
    'BookingDeclined',
    'BookingCancelled',
    'BookingExpired',
    'BookingPersonalDataErased',
  ],
  products: productEventTypes,
};

describe.each(readModelNames)('the %s read model', (name) => {
  const projection = readModels[name];
  /** Whether the read model would evolve a document for an event of this type. */
  const reactsTo = (type: EventType): boolean =>
    projection.documentId(oneEventOfEachType[type]) !== null;

  it('handles exactly the pinned event types', () => {
    expect([...projection.handledEventTypes].sort()).toEqual(
      [...expectedHandledTypes[name]].sort(),
    );
  });

  it('lists every event type it reacts to, and only those', () => {
    const reacting = eventTypes.filter(reactsTo);
    expect([...projection.handledEventTypes].sort()).toEqual(reacting.sort());
  });

  it('names only catalog event types', () => {
    for (const type of projection.handledEventTypes) expect(eventTypes).toContain(type);
  });
});
