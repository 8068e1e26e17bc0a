import { eventTypes, type EventType } from '@resale/events';
import { describe, expect, it } from 'vitest';
import type { Projection, ReadModelName } from '../../src/projections/projection.ts';
import { projections, readModelNames } from '../../src/projections/registry.ts';
import { oneEventOfEachType } from './recorded-events.ts';

// A projection ignores every event type missing from its list, silently: so the lists are pinned
// here, and checked against what each projection actually reacts to.
const productEventTypes: EventType[] = [
  'ProductListed',
  'ProductReported',
  'ProductBooked',
  'ReportedProductDeleted',
  'ProductAdvertised',
  'ProductMarkedUnavailable',
  'ProductMarkedAvailable',
  'SellerVerified',
];
const expectedHandledTypes: Record<ReadModelName, EventType[]> = {
  categories: ['CategoryCreated'],
  users: ['UserRegistered', 'UserPromoted', 'UserDeleted'],
  sellers: ['SellerRegistered', 'SellerVerified', 'SellerDeleted'],
  bookings: ['ProductBooked', 'BookingPlaced'],
  products: productEventTypes,
  // Reported products copy products: they follow every event of theirs.
  reportedProducts: productEventTypes,
};

/** Whether the projection would touch any document for an event of this type. */
function reactsTo(projection: Projection, type: EventType): boolean {
  const event = oneEventOfEachType[type];
  if (projection.updateMatching?.(event)) return true;
  if (projection.kind === 'evolving') return projection.documentId(event) !== null;
  return reactsTo(projections[projection.source], type);
}

describe.each(readModelNames)('the %s projection', (name) => {
  const projection = projections[name];

  it('handles exactly the pinned event types', () => {
    expect([...projection.handledEventTypes].sort()).toEqual(
      [...expectedHandledTypes[name]].sort(),
    );
  });

  it('lists every event type it reacts to, and only those', () => {
    const reacting = eventTypes.filter((type) => reactsTo(projection, type));
    expect([...projection.handledEventTypes].sort()).toEqual(reacting.sort());
  });

  it('names only catalog event types', () => {
    for (const type of projection.handledEventTypes) expect(eventTypes).toContain(type);
  });
});
