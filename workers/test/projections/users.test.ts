import { describe, expect, it } from 'vitest';
import { evolveUser, type UserDocument } from '../../src/projections/users/index.ts';
import { eventLog, userDeleted, userPromoted, userRegistered } from './recorded-events.ts';
import { MemoryDocuments } from '../../src/read-store/memory-documents.ts';

const buyer: UserDocument = { _id: 'u1', name: 'Ann', email: 'ann@example.com', role: 'buyer' };

describe('users projection', () => {
  it('creates the user from UserRegistered', () => {
    expect(
      evolveUser(null, userRegistered('u1', { name: 'Ann', email: 'ann@example.com' })),
    ).toEqual(buyer);
  });

  describe('when registered', () => {
    it('UserPromoted makes the user an admin', () => {
      expect(evolveUser(buyer, userPromoted('u1'))).toEqual({ ...buyer, role: 'admin' });
    });

    it('UserDeleted removes the user', () => {
      expect(evolveUser(buyer, userDeleted('u1'))).toBeNull();
    });
  });

  it('UserPromoted of an unknown user creates nothing', () => {
    expect(evolveUser(null, userPromoted('u1'))).toBeNull();
  });

  it('a deleted user stays deleted when an older event is delivered again', () => {
    const log = eventLog();
    const [registered, deleted] = log.recordAll(userRegistered('u1'), userDeleted('u1'));
    const documents = new MemoryDocuments();
    documents.apply([registered!, deleted!, registered!]);
    expect(documents.documents('users')).toEqual([]);
  });
});
