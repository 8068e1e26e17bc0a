import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { replayProgressFile, type ReplayRun } from '@resale/workers';
import type { OperationsStatus } from '../src/plugins/app/operations.ts';
import {
  bearer,
  buildTestApp,
  registerUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

describe("the admins' operations page (REST)", () => {
  let t: TestApp;
  let admin: SignedInUser;
  let buyer: SignedInUser;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: adminEmail });
    [admin, buyer] = await Promise.all([
      registerUser(t.app, 'buyer', { email: adminEmail }),
      registerUser(t.app, 'buyer'),
    ]);
  });
  afterAll(() => t.close());

  const status = async (): Promise<OperationsStatus> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/operations',
      headers: bearer(admin.accessToken),
    });
    expect(response.statusCode).toBe(200);
    return response.json<OperationsStatus>();
  };

  it("shows each read model's position against the log's head; no queue when embedded", async () => {
    const head = await t.app.eventStore.headPosition();
    await t.app.readModels.waitFor(head);
    const shown = await status();
    expect(shown.head).toBeGreaterThanOrEqual(head);
    expect(shown.readModels.map((model) => model.name)).toEqual([
      'categories',
      'users',
      'sellers',
      'bookings',
      'products',
    ]);
    for (const model of shown.readModels) {
      expect(model.position).toBe(shown.head - shown.lagEvents);
      expect(model.lagEvents).toBe(shown.lagEvents);
    }
    expect(shown.lagMs).toBeGreaterThanOrEqual(0);
    // The embedded profile has no queues: not applicable.
    expect(shown.queue).toBeNull();
  });

  it('counts the events not applied yet and how long the oldest has waited', async () => {
    const { store } = t.app.readModels;
    const head = await t.app.eventStore.headPosition();
    const [first] = await t.app.eventStore.readAll({ after: 0, limit: 1 });
    // As if the read models had stopped at the log's first event.
    const checkpoint = vi.spyOn(store, 'checkpoint').mockResolvedValue(first?.position ?? 0);
    try {
      const shown = await status();
      expect(shown.lagEvents).toBe(shown.head - (first?.position ?? 0));
      expect(shown.lagEvents).toBeGreaterThanOrEqual(head - (first?.position ?? 0));
      expect(shown.readModels[0]?.position).toBe(first?.position);
      expect(shown.lagMs).toBeGreaterThan(0);
    } finally {
      checkpoint.mockRestore();
    }
  });

  it('lets an admin rebuild one read model and shows the replay until its swap, logged', async () => {
    const logged = vi.spyOn(t.app.log, 'info');
    const started = await t.app.inject({
      method: 'POST',
      url: '/admin/operations/replays',
      headers: bearer(admin.accessToken),
      payload: { name: 'users' },
    });
    expect(started.statusCode).toBe(202);
    const run = started.json<ReplayRun>();
    expect(run).toMatchObject({ names: ['users'], startedBy: admin.uid, state: 'running' });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ audit: 'replay-started', adminUid: admin.uid, readModel: 'users' }),
      expect.any(String),
    );
    logged.mockRestore();

    const swapped = await vi.waitFor(
      async () => {
        const shown = await status();
        if (shown.replay?.state !== 'swapped') throw new Error('still running');
        return shown;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(swapped.replay).toMatchObject({ id: run.id, names: ['users'], startedBy: admin.uid });
    expect(swapped.replay?.position).toBeGreaterThan(0);
    expect(swapped.replay?.events).toBeGreaterThan(0);
    const users = swapped.readModels.find((model) => model.name === 'users');
    expect(users?.rebuilds).toBe(1);
    expect(users?.rebuiltAt).toBe(swapped.replay?.position);
  });

  it("shows a command line's replay while it runs, and refuses a second one (409)", async () => {
    const running: ReplayRun = {
      id: 'cli-run',
      names: ['products', 'bookings'],
      startedBy: 'command line',
      startedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      state: 'running',
      position: 40,
      head: 100,
      events: 40,
    };
    // What `npm run replay` writes beside the embedded read store while it runs.
    writeFileSync(replayProgressFile(t.dataDir), JSON.stringify(running));
    expect((await status()).replay).toEqual(running);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/admin/operations/replays',
      headers: bearer(admin.accessToken),
      payload: { name: 'users' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'A replay of products, bookings is running: wait until it is over',
    );
    writeFileSync(
      replayProgressFile(t.dataDir),
      JSON.stringify({ ...running, state: 'swapped', position: 100, events: 100 }),
    );
  });

  it('answers the same over GraphQL, to admins only', async () => {
    const query =
      '{ operations { head lagEvents lagMs queue { waiting failed } readModels { name position rebuilds } replay { state startedBy } } }';
    const asked = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: bearer(token),
          payload: { query },
        })
      ).json<{ data: { operations: OperationsStatus } | null; errors?: { message: string }[] }>();
    const answer = await asked(admin.accessToken);
    const rest = await status();
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.operations.head).toBe(rest.head);
    expect(answer.data?.operations.queue).toBeNull();
    expect(answer.data?.operations.readModels).toHaveLength(rest.readModels.length);
    expect((await asked(buyer.accessToken)).errors?.[0]?.message).toBe('Only an admin can do this');
  });

  it('refuses an unknown read model (400), and everyone but admins (401, 403)', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/admin/operations/replays',
      headers: bearer(admin.accessToken),
      payload: { name: 'everything' },
    });
    expect(unknown.statusCode).toBe(400);
    for (const [headers, code] of [
      [{}, 401],
      [bearer(buyer.accessToken), 403],
    ] as const) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/admin/operations', headers })).statusCode,
      ).toBe(code);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/admin/operations/replays',
            headers,
            payload: { name: 'users' },
          })
        ).statusCode,
      ).toBe(code);
    }
  });
});
