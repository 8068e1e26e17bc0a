import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appliedTopic, changeTopic, createRedisPubSub, type ChangePubSub } from '@resale/workers';
import { startRedisServer, type RedisServer } from '../../infra/src/redis-server.ts';
import {
  bearer,
  buildTestApp,
  changeNotices,
  registerUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

/*
 * The embedded gateway keeps its callers' user state and hears of changes made elsewhere (a second
 * gateway over the same data folder) only through change notices. Where notices may have been
 * missed it reads the log again, and it never serves a state older than USER_STATE_MAX_AGE_MS.
 */

const USER_STATE_MAX_AGE_MS = 1_500;
const redisDir = mkdtempSync(path.join(tmpdir(), 'gateway-user-state-redis-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-user-state-'));
const channelPrefix = `user-state-${randomUUID().slice(0, 8)}:`;
const adminEmail = uniqueEmail('admin');
let redis: RedisServer;
let a: TestApp;
let b: TestApp;
let admin: SignedInUser;

/** Gateway A and gateway B of one deployment: one data folder, one Redis. */
const gateway = () =>
  buildTestApp(
    {
      ADMIN_EMAILS: adminEmail,
      REDIS_URL: redis.url,
      REDIS_CHANNEL_PREFIX: channelPrefix,
      USER_STATE_MAX_AGE_MS: String(USER_STATE_MAX_AGE_MS),
    },
    dataDir,
  );

/** A call as `user` on gateway `t`: its status. */
const callAs = async (t: TestApp, user: SignedInUser): Promise<number> =>
  (await t.app.inject({ url: '/me', headers: bearer(user.accessToken) })).statusCode;

/**
 * A new buyer, registered through gateway A, once gateway B heard of it: later notices of the
 * registration would drop B's kept state at a moment no test chose.
 */
async function registeredAndHeard(): Promise<SignedInUser> {
  const notices = await changeNotices(b, changeTopic('users'));
  const user = await registerUser(a.app, 'buyer');
  await notices.until((change) => change.ids.includes(user.uid));
  return user;
}

/** Counts gateway B's reads of one user's stream from now on. */
function streamReadsOf(t: TestApp, user: SignedInUser): { count(): number; stop(): void } {
  const spy = vi.spyOn(t.app.eventStore, 'readStream');
  return {
    count: () => spy.mock.calls.filter(([streamId]) => String(streamId).endsWith(user.uid)).length,
    stop: () => spy.mockRestore(),
  };
}

/** Resolves once gateway `t` has received the `applied` notice of `position`. */
async function appliedReaches(t: TestApp, position: number): Promise<void> {
  let stop: (() => Promise<void>) | undefined;
  await new Promise<void>((resolve) => {
    void t.app.readModels.pubsub
      .subscribe(appliedTopic, (payload) => {
        if ((payload as { position: number }).position === position) resolve();
      })
      .then((unsubscribe) => (stop = unsubscribe));
  });
  await stop?.();
}

beforeAll(async () => {
  redis = await startRedisServer({ dataDir: redisDir });
  a = await gateway();
  b = await gateway();
  admin = await registerUser(a.app, 'buyer', { email: adminEmail });
});
afterAll(async () => {
  await b?.close({ keepData: true });
  await a?.close({ keepData: true });
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(redisDir, { recursive: true, force: true });
});

describe('kept user state with a second gateway over the same data folder', () => {
  it('is kept between calls while notices arrive', async () => {
    const user = await registeredAndHeard();
    const reads = streamReadsOf(b, user);
    try {
      expect(await callAs(b, user)).toBe(200);
      expect(await callAs(b, user)).toBe(200);
      expect(reads.count()).toBe(1);
    } finally {
      reads.stop();
    }
  });

  it('is never served older than USER_STATE_MAX_AGE_MS, notice or not', async () => {
    const user = await registeredAndHeard();
    const reads = streamReadsOf(b, user);
    try {
      expect(await callAs(b, user)).toBe(200);
      const kept = performance.now();
      await expect
        .poll(async () => (await callAs(b, user), reads.count()), {
          timeout: USER_STATE_MAX_AGE_MS + 2_000,
        })
        .toBeGreaterThan(1);
      expect(performance.now() - kept).toBeGreaterThanOrEqual(USER_STATE_MAX_AGE_MS - 50);
    } finally {
      reads.stop();
    }
  });

  it('is read again after a gap in the positions of the notices', async () => {
    const user = await registeredAndHeard();
    const publisher: ChangePubSub = createRedisPubSub({ redisUrl: redis.url, channelPrefix });
    const reads = streamReadsOf(b, user);
    try {
      // Past every position the log has: the projectors' own notices are older and say nothing.
      const next = (await b.app.eventStore.headPosition()) + 1_000;
      await Promise.all([
        appliedReaches(b, next),
        publisher.publish(appliedTopic, { position: next }),
      ]);
      expect(await callAs(b, user)).toBe(200);
      const before = reads.count();
      // The next position: nothing was missed, the state is kept.
      await Promise.all([
        appliedReaches(b, next + 1),
        publisher.publish(appliedTopic, { position: next + 1 }),
      ]);
      expect(await callAs(b, user)).toBe(200);
      expect(reads.count()).toBe(before);
      // Two positions were never announced: whatever they changed is read from the log.
      await Promise.all([
        appliedReaches(b, next + 4),
        publisher.publish(appliedTopic, { position: next + 4 }),
      ]);
      expect(await callAs(b, user)).toBe(200);
      expect(reads.count()).toBe(before + 1);
    } finally {
      reads.stop();
      await publisher.close();
    }
  });

  it('sees a deletion made through the other gateway while Redis is down, within the bound', async () => {
    const user = await registerUser(a.app, 'buyer');
    expect(await callAs(b, user)).toBe(200);
    expect(await callAs(b, user)).toBe(200);
    await redis.stop();
    try {
      const deleted = await a.app.inject({
        method: 'DELETE',
        url: `/users/${user.uid}`,
        headers: bearer(admin.accessToken),
      });
      expect(deleted.statusCode).toBe(200);
      // Within the bound (and a second for the calls themselves on a busy machine).
      await expect
        .poll(() => callAs(b, user), { timeout: USER_STATE_MAX_AGE_MS + 1_000 })
        .toBeGreaterThanOrEqual(401);
    } finally {
      await redis.restart();
    }
  });
});
