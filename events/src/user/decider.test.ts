import { describe, expect, it } from 'vitest';
import { assertValidEvent } from '../catalog.ts';
import { DomainError, eventMetadataFrom, evolveAll, type CommandMetadata } from '../decider.ts';
import {
  assertActiveUser,
  assertAdmin,
  assertSeller,
  userDecider,
  type UserCommand,
} from './decider.ts';
import type { UserEvent } from './events.ts';

const metadata: CommandMetadata = {
  actorUid: 'ann-uid',
  actorEmail: 'ann@example.com',
  now: '2026-11-21T10:00:00.000Z',
  correlationId: 'request-1',
  causationId: 'request-1',
};

/** given(history).when(command): the events decided, each checked against the catalog. */
const given = (...history: UserEvent[]) => ({
  when: (command: UserCommand): UserEvent[] => {
    const events = userDecider.decide(command, evolveAll(userDecider, history));
    for (const e of events)
      assertValidEvent(e.type, e.schemaVersion, e.data, eventMetadataFrom(metadata));
    return events;
  },
});

const ann = { uid: 'ann-uid', name: 'Ann', email: 'ann@example.com' };

const registerAnn = (
  overrides: Partial<{ name: string; role: string; grantAdmin: boolean }> = {},
): UserCommand => ({
  type: 'RegisterUser',
  data: { ...ann, role: 'buyer', ...overrides },
  metadata,
});
const promoteAnn: UserCommand = { type: 'PromoteUser', data: { uid: ann.uid }, metadata };
const deleteAnn: UserCommand = { type: 'DeleteUser', data: { uid: ann.uid }, metadata };

const annRegistered = (role: 'buyer' | 'seller' = 'buyer'): UserEvent => ({
  type: 'UserRegistered',
  schemaVersion: 1,
  data: { ...ann, role },
});
const annPromoted: UserEvent = {
  type: 'UserPromoted',
  schemaVersion: 1,
  data: { uid: ann.uid, role: 'admin' },
};
const annDeleted: UserEvent = { type: 'UserDeleted', schemaVersion: 1, data: { uid: ann.uid } };

describe('User', () => {
  describe('when unregistered', () => {
    it.each(['buyer', 'seller'] as const)('registers as a %s', (role) => {
      expect(given().when(registerAnn({ role }))).toEqual([annRegistered(role)]);
    });

    it.each(['admin', 'superuser', ''])('refuses %j as the account type', (role) => {
      expect(() => given().when(registerAnn({ role }))).toThrow(
        new DomainError('invalid', 'Choose buyer or seller as the account type', 'role'),
      );
    });

    it('registers and promotes when the gateway grants admin (ADMIN_EMAILS)', () => {
      expect(given().when(registerAnn({ grantAdmin: true }))).toEqual([
        annRegistered(),
        annPromoted,
      ]);
    });

    it('cannot be promoted or deleted', () => {
      const notFound = new DomainError('not_found', 'This user does not exist');
      expect(() => given().when(promoteAnn)).toThrow(notFound);
      expect(() => given().when(deleteAnn)).toThrow(notFound);
    });
  });

  describe('when registered', () => {
    it('registering again with the same details changes nothing', () => {
      expect(given(annRegistered()).when(registerAnn())).toEqual([]);
    });

    it('refuses a registration with other details', () => {
      const conflict = new DomainError(
        'conflict',
        'This user is already registered with other details',
      );
      expect(() => given(annRegistered()).when(registerAnn({ role: 'seller' }))).toThrow(conflict);
      expect(() => given(annRegistered()).when(registerAnn({ name: 'Annie' }))).toThrow(conflict);
    });

    it('still refuses an invalid account type', () => {
      expect(() => given(annRegistered()).when(registerAnn({ role: 'admin' }))).toThrow(
        expect.objectContaining({ code: 'invalid', field: 'role' }),
      );
    });

    it('registering again with an admin grant only promotes', () => {
      expect(given(annRegistered()).when(registerAnn({ grantAdmin: true }))).toEqual([annPromoted]);
    });

    it('is promoted to admin', () => {
      expect(given(annRegistered()).when(promoteAnn)).toEqual([annPromoted]);
    });

    it('is deleted', () => {
      expect(given(annRegistered()).when(deleteAnn)).toEqual([annDeleted]);
    });
  });

  describe('when admin', () => {
    it('promoting again changes nothing', () => {
      expect(given(annRegistered(), annPromoted).when(promoteAnn)).toEqual([]);
    });

    it('registering again, with or without the grant, changes nothing', () => {
      expect(given(annRegistered(), annPromoted).when(registerAnn({ grantAdmin: true }))).toEqual(
        [],
      );
      expect(given(annRegistered(), annPromoted).when(registerAnn())).toEqual([]);
    });
  });

  describe('when deleted', () => {
    const history = [annRegistered(), annDeleted];
    const deleted = new DomainError('illegal_state', 'This user has been deleted');

    it('cannot be promoted', () => {
      expect(() => given(...history).when(promoteAnn)).toThrow(deleted);
    });

    it('cannot register again', () => {
      expect(() => given(...history).when(registerAnn())).toThrow(deleted);
    });

    it('deleting again changes nothing', () => {
      expect(given(...history).when(deleteAnn)).toEqual([]);
    });
  });

  describe('as the acting user', () => {
    const actor = (...history: UserEvent[]) => evolveAll(userDecider, history);

    it('a deleted account cannot act', () => {
      expect(() => assertActiveUser(actor(annRegistered(), annDeleted))).toThrow(
        new DomainError('forbidden', 'This account has been deleted'),
      );
    });

    it('an unregistered account cannot act', () => {
      expect(() => assertActiveUser(actor())).toThrow(
        expect.objectContaining({ code: 'forbidden' }),
      );
    });

    it('a registered account acts', () => {
      expect(() => assertActiveUser(actor(annRegistered()))).not.toThrow();
    });

    it('only an admin passes the admin guard, and not once deleted', () => {
      expect(() => assertAdmin(actor(annRegistered()))).toThrow(
        new DomainError('forbidden', 'Only an admin can do this'),
      );
      expect(() => assertAdmin(actor(annRegistered(), annPromoted))).not.toThrow();
      expect(() => assertAdmin(actor(annRegistered(), annPromoted, annDeleted))).toThrow(
        new DomainError('forbidden', 'This account has been deleted'),
      );
    });

    it('only a seller passes the seller guard', () => {
      expect(() => assertSeller(actor(annRegistered('buyer')))).toThrow(
        new DomainError('forbidden', 'Only a seller can do this'),
      );
      expect(() => assertSeller(actor(annRegistered('seller')))).not.toThrow();
    });
  });
});
