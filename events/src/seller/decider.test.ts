import { describe, expect, it } from 'vitest';
import { assertValidEvent } from '../catalog.ts';
import { DomainError, eventMetadataFrom, evolveAll, type CommandMetadata } from '../decider.ts';
import { sellerDecider, type SellerCommand } from './decider.ts';
import type { SellerEvent } from './events.ts';

const metadata: CommandMetadata = {
  actorUid: 'admin-uid',
  actorEmail: 'admin@example.com',
  now: '2026-11-21T10:00:00.000Z',
  correlationId: 'request-1',
  causationId: 'request-1',
};

/** given(history).when(command): the events decided, each checked against the catalog. */
const given = (...history: SellerEvent[]) => ({
  when: (command: SellerCommand): SellerEvent[] => {
    const events = sellerDecider.decide(command, evolveAll(sellerDecider, history));
    for (const e of events)
      assertValidEvent(e.type, e.schemaVersion, e.data, eventMetadataFrom(metadata));
    return events;
  },
});

const bob = {
  sellerId: 'bob-uid',
  name: 'Bob',
  email: 'bob@example.com',
  sellerEmail: 'bob@example.com',
};
const registerBob = (overrides: Partial<typeof bob> = {}): SellerCommand => ({
  type: 'RegisterSeller',
  data: { ...bob, ...overrides },
  metadata,
});
const verifyBob: SellerCommand = {
  type: 'VerifySeller',
  data: { sellerId: bob.sellerId },
  metadata,
};
const deleteBob: SellerCommand = {
  type: 'DeleteSeller',
  data: { sellerId: bob.sellerId },
  metadata,
};

const bobRegistered: SellerEvent = { type: 'SellerRegistered', schemaVersion: 1, data: bob };
const bobVerified: SellerEvent = {
  type: 'SellerVerified',
  schemaVersion: 1,
  data: { sellerId: bob.sellerId },
};
const bobDeleted: SellerEvent = {
  type: 'SellerDeleted',
  schemaVersion: 1,
  data: { sellerId: bob.sellerId },
};

describe('Seller', () => {
  describe('when unregistered', () => {
    it('registers', () => {
      expect(given().when(registerBob())).toEqual([bobRegistered]);
    });

    it('cannot be verified or deleted', () => {
      const notFound = new DomainError('not_found', 'This seller does not exist');
      expect(() => given().when(verifyBob)).toThrow(notFound);
      expect(() => given().when(deleteBob)).toThrow(notFound);
    });
  });

  describe('when registered', () => {
    it('registering again with the same details changes nothing', () => {
      expect(given(bobRegistered).when(registerBob())).toEqual([]);
    });

    it('refuses a registration with other details', () => {
      expect(() => given(bobRegistered).when(registerBob({ name: 'Robert' }))).toThrow(
        new DomainError('conflict', 'This seller is already registered with other details'),
      );
    });

    it('is verified', () => {
      expect(given(bobRegistered).when(verifyBob)).toEqual([bobVerified]);
    });

    it('is deleted', () => {
      expect(given(bobRegistered).when(deleteBob)).toEqual([bobDeleted]);
    });
  });

  describe('when verified', () => {
    it('verifying again changes nothing', () => {
      expect(given(bobRegistered, bobVerified).when(verifyBob)).toEqual([]);
    });

    it('is deleted', () => {
      expect(given(bobRegistered, bobVerified).when(deleteBob)).toEqual([bobDeleted]);
    });
  });

  describe('when deleted', () => {
    const history = [bobRegistered, bobVerified, bobDeleted];
    const deleted = new DomainError('illegal_state', 'This seller has been deleted');

    it('cannot be verified', () => {
      expect(() => given(...history).when(verifyBob)).toThrow(deleted);
    });

    it('cannot register again', () => {
      expect(() => given(...history).when(registerBob())).toThrow(deleted);
    });

    it('deleting again changes nothing', () => {
      expect(given(...history).when(deleteBob)).toEqual([]);
    });
  });

  describe("erasing a deleted user's personal data", () => {
    const erase: SellerCommand = {
      type: 'EraseSellerPersonalData',
      data: { sellerId: bob.sellerId },
      metadata,
    };
    it('records it for a record still kept, none for a deleted one; refuses an unknown one', () => {
      expect(given(bobRegistered, bobVerified).when(erase)).toEqual([
        { type: 'SellerPersonalDataErased', schemaVersion: 1, data: { sellerId: bob.sellerId } },
      ]);
      expect(given(bobRegistered, bobDeleted).when(erase)).toEqual([]);
      expect(() => given().when(erase)).toThrow(
        new DomainError('not_found', 'This seller does not exist'),
      );
    });
  });
});
