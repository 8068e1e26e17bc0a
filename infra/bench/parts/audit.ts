// Audit: an admin reads the timeline of one listing with 10,000 events (GET /admin/audit), its
// first page and one deep in it, one request after another, as an admin's page asks for them.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  createEventStore,
  productStreamId,
  systemActor,
  userStreamId,
  type NewEvent,
} from '@resale/events';
import { startAuthEmulator } from '../../src/auth-emulator.ts';
import { accessTokensOf, signUpAccounts } from '../accounts.ts';
import { seedAccountsAndCategories, seedProducts } from '../catalog-seed.ts';
import { goalRow } from '../report.ts';
import { freePort, log, round, summarize } from '../support.ts';
import type { BenchPart } from './part.ts';
import { account, gatewayEnv, untilProjected } from './processes.ts';

/** Events of the listing's stream: its listing and this many less one price changes. */
const TIMELINE_EVENTS = 10_000;
const WARM_UP = 50;
const REQUESTS = 400;
const APPEND_BATCH = 500;

export const audit: BenchPart = {
  name: 'audit',
  async run({ scratch, processes }) {
    log(`Audit: the timeline of a listing with ${TIMELINE_EVENTS.toLocaleString('en-US')} events`);
    const auth = await startAuthEmulator({ port: await freePort(2) });
    processes.onStop(() => auth.stop());
    const accounts = await signUpAccounts(auth.host, [
      account('seller', 0, 'seller'),
      account('admin', 0, 'buyer'),
    ]);
    const [seller, admin] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];

    const dataDir = path.join(scratch, 'audit');
    const store = createEventStore({ DATA_DIR: dataDir });
    processes.onStop(() => store.close());
    await seedAccountsAndCategories(store, accounts, seller);
    const promoted: NewEvent = {
      eventId: randomUUID(),
      event: { type: 'UserPromoted', schemaVersion: 1, data: { uid: admin.uid, role: 'admin' } },
      metadata: {
        ...systemActor,
        occurredAt: new Date().toISOString(),
        correlationId: 'bench-audit',
        causationId: 'bench-audit',
      },
    };
    await store.append(userStreamId(admin.uid), [promoted], { expectedRevision: 0 });
    const [listed] = await seedProducts(store, seller, 1);
    if (!listed) throw new Error('No listing was seeded');
    const streamId = productStreamId(listed.productId);
    const seedStarted = performance.now();
    for (let revision = 0; revision < TIMELINE_EVENTS - 1; revision += APPEND_BATCH) {
      const batch = Array.from(
        { length: Math.min(APPEND_BATCH, TIMELINE_EVENTS - 1 - revision) },
        (_, i): NewEvent => {
          const at = new Date(Date.UTC(2026, 0, 2) + (revision + i) * 60_000).toISOString();
          return {
            eventId: randomUUID(),
            event: {
              type: 'ProductPriceChanged',
              schemaVersion: 1,
              data: {
                productId: listed.productId,
                sellingPrice: 200 + ((revision + i) % 300),
                changedAt: at,
              },
            },
            metadata: {
              actorUid: seller.uid,
              actorEmail: seller.email,
              occurredAt: at,
              correlationId: randomUUID(),
              causationId: randomUUID(),
            },
          };
        },
      );
      await store.append(streamId, batch, { expectedRevision: revision });
    }
    log(`  seeded the listing's events in ${round((performance.now() - seedStarted) / 1_000)} s`);

    const gateway = await processes.startGateway('audit gateway', gatewayEnv(dataDir, auth));
    await untilProjected(gateway);
    const tokens = await accessTokensOf(gateway.url, [admin]);
    const headers = { authorization: `Bearer ${tokens.get(admin.email) ?? ''}` };
    const history = await store.readStream(streamId);
    const deep = history[Math.floor(history.length * 0.8)]?.position ?? 0;
    const urls = [
      `${gateway.url}/admin/audit?stream=${streamId}&limit=50`,
      `${gateway.url}/admin/audit?stream=${streamId}&limit=50&after=${deep}`,
    ];

    const timings: number[] = [];
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      const started = performance.now();
      const response = await fetch(urls[i % urls.length] ?? '', { headers });
      const body = (await response.json()) as { entries?: unknown[]; matching?: number };
      const elapsed = performance.now() - started;
      if (!response.ok || body.entries?.length !== 50 || body.matching !== TIMELINE_EVENTS)
        throw new Error(`GET /admin/audit answered ${response.status}: ${JSON.stringify(body)}`);
      if (i >= WARM_UP) timings.push(elapsed);
    }
    const figures = { events: TIMELINE_EVENTS, ...summarize(timings) };
    log(`  p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`);
    return {
      details: { audit: figures },
      goals: [
        goalRow(
          'Audit',
          `a listing's timeline of ${TIMELINE_EVENTS.toLocaleString('en-US')} events, a page of 50 (GET /admin/audit)`,
          'p99 ≤ 50 ms',
          figures.p99Ms,
          50,
          'max',
          `p99 ${figures.p99Ms} ms, p50 ${figures.p50Ms} ms over ${figures.samples} requests one after another (first and a deep page)`,
        ),
      ],
    };
  },
};
