import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { promoteUserByEmail, UnknownUserError } from '../../src/operators/promote.ts';
import { givenAnEventStore, teardownAfterEach } from '../support/stores.ts';

const teardown = teardownAfterEach();

async function givenRegistered(email: string) {
  const { eventStore } = await givenAnEventStore('promote', teardown);
  const metadata = {
    actorUid: 'ann1',
    actorEmail: email,
    occurredAt: '2026-11-21T10:00:00.000Z',
    correlationId: randomUUID(),
    causationId: randomUUID(),
  };
  await eventStore.append(
    'user-ann1',
    [
      {
        eventId: randomUUID(),
        event: {
          type: 'UserRegistered',
          schemaVersion: 1,
          data: { uid: 'ann1', name: 'Ann', email, role: 'buyer' },
        },
        metadata,
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  return eventStore;
}

describe('operator promotion (npm run promote -- <e-mail>)', () => {
  describe('given a registered buyer', () => {
    it('records UserPromoted by the system, found by e-mail in any case', async () => {
      const eventStore = await givenRegistered('ann@example.com');
      const result = await promoteUserByEmail(eventStore, ' Ann@Example.com ');
      expect(result).toMatchObject({ uid: 'ann1', appended: true });
      const history = await eventStore.readStream('user-ann1');
      expect(history.map((event) => event.type)).toEqual(['UserRegistered', 'UserPromoted']);
      expect(history[1]?.metadata.actorUid).toBe('system');
      expect(history[1]?.position).toBe(result.position);
    });

    it('changes nothing when repeated', async () => {
      const eventStore = await givenRegistered('ann@example.com');
      await promoteUserByEmail(eventStore, 'ann@example.com');
      const head = await eventStore.headPosition();
      const again = await promoteUserByEmail(eventStore, 'ann@example.com');
      expect(again.appended).toBe(false);
      expect(await eventStore.headPosition()).toBe(head);
    });
  });

  it('refuses an e-mail nobody registered, appending nothing', async () => {
    const eventStore = await givenRegistered('ann@example.com');
    await expect(promoteUserByEmail(eventStore, 'bob@example.com')).rejects.toThrow(
      UnknownUserError,
    );
    expect(await eventStore.headPosition()).toBe(1);
  });
});
