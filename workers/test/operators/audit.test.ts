import { execFile } from 'node:child_process';
import type { EventStore } from '@resale/events';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  auditHistory,
  filterAudit,
  formatAuditTable,
  type AuditFilter,
} from '../../src/operators/audit.ts';
import { describeEvent } from '../../src/operators/audit-wording.ts';
import { givenAnEventStore, teardownAfterEach } from '../support/stores.ts';

const run = promisify(execFile);
const workspace = fileURLToPath(new URL('../..', import.meta.url));

const by = (actorUid: string, actorEmail: string, occurredAt: string) => ({
  actorUid,
  actorEmail,
  occurredAt,
  correlationId: randomUUID(),
  causationId: randomUUID(),
});

const teardown = teardownAfterEach();

/** Sam signs up as a seller (user and seller streams share his uid), an admin verifies him. */
async function givenSamsHistory() {
  const { eventStore: store, dir } = await givenAnEventStore('audit', teardown);
  const sam = by('sam1', 'sam@example.com', '2026-11-21T10:00:00.000Z');
  await store.append(
    'user-sam1',
    [
      {
        eventId: randomUUID(),
        event: {
          type: 'UserRegistered',
          schemaVersion: 1,
          data: { uid: 'sam1', name: 'Sam', email: 'sam@example.com', role: 'seller' },
        },
        metadata: sam,
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  await store.append(
    'seller-sam1',
    [
      {
        eventId: randomUUID(),
        event: {
          type: 'SellerRegistered',
          schemaVersion: 1,
          data: {
            sellerId: 'sam1',
            name: 'Sam',
            email: 'sam@example.com',
            sellerEmail: 'sam@example.com',
          },
        },
        metadata: sam,
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  await store.append(
    'seller-sam1',
    [
      {
        eventId: randomUUID(),
        event: { type: 'SellerVerified', schemaVersion: 1, data: { sellerId: 'sam1' } },
        metadata: by('admin1', 'admin@example.com', '2026-11-21T11:00:00.000Z'),
      },
    ],
    { expectedRevision: 0 },
  );
  return { store, dir };
}

/** A buyer registers with this e-mail. */
async function givenRegistered(store: EventStore, uid: string, email: string) {
  await store.append(
    `user-${uid}`,
    [
      {
        eventId: randomUUID(),
        event: {
          type: 'UserRegistered',
          schemaVersion: 1,
          data: { uid, name: uid, email, role: 'buyer' },
        },
        metadata: by(uid, email, '2026-11-23T10:00:00.000Z'),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
}

describe("an operator's audit", () => {
  it('reads one stream by its id', async () => {
    const { store } = await givenSamsHistory();
    const entries = await auditHistory(store, 'seller-sam1');
    expect(entries.map((e) => [e.position, e.type, e.actorEmail])).toEqual([
      [2, 'SellerRegistered', 'sam@example.com'],
      [3, 'SellerVerified', 'admin@example.com'],
    ]);
  });

  it('reads every stream of an entity id, in log order, with who did what', async () => {
    const { store } = await givenSamsHistory();
    const entries = await auditHistory(store, 'sam1');
    expect(entries.map((e) => `${e.position} ${e.streamId} ${e.type} by ${e.actorUid}`)).toEqual([
      '1 user-sam1 UserRegistered by sam1',
      '2 seller-sam1 SellerRegistered by sam1',
      '3 seller-sam1 SellerVerified by admin1',
    ]);
    expect(entries[2]?.payload).toEqual({ sellerId: 'sam1' });

    const table = formatAuditTable(entries).split('\n');
    expect(table[0]).toMatch(/^position\s+time\s+stream\s+type\s+actor\s+what happened\s+payload$/);
    expect(table[4]).toMatch(
      /^3\s+\S+Z\s+seller-sam1@1\s+SellerVerified\s+admin1 <admin@example.com>\s+seller verified\s+\{"sellerId":"sam1"\}$/,
    );
    expect(describeEvent(entries[0]!.type, entries[0]!.payload)).toMatch(
      /^"Sam\b.*" <sam@example.com> signed up as seller$/,
    );
  });

  it('keeps the events of the types asked for, by the actor asked for (uid or e-mail)', async () => {
    const { store } = await givenSamsHistory();
    const entries = await auditHistory(store, 'sam1');
    const positions = (filter: AuditFilter) => filterAudit(entries, filter).map((e) => e.position);
    expect(positions({ types: [], actor: undefined })).toEqual([1, 2, 3]);
    expect(positions({ types: ['SellerVerified', 'UserRegistered'], actor: undefined })).toEqual([
      1, 3,
    ]);
    expect(positions({ types: [], actor: 'ADMIN@example.com' })).toEqual([3]);
    expect(positions({ types: [], actor: 'sam1' })).toEqual([1, 2]);
    expect(positions({ types: ['SellerVerified'], actor: 'sam1' })).toEqual([]);
  });

  it('says what happened in plain words, and names an event type it has no words for', () => {
    expect(
      describeEvent('BookingCancelled', {
        bookingId: 'b1',
        productId: 'p1',
        reason: 'seller-deleted',
      }),
    ).toBe('booking cancelled because an admin deleted the seller');
    expect(describeEvent('ProductWithdrawn', { productId: 'p1', reason: 'seller-withdrew' })).toBe(
      'withdrawn by its seller',
    );
    expect(describeEvent('ProductWithdrawn', { productId: 'p1', reason: 'account-deleted' })).toBe(
      "withdrawn by the system: an admin deleted its seller's account",
    );
    expect(describeEvent('ProductListedSomewhereElse', {})).toBe('product listed somewhere else');
  });

  it('reads every stream of a user found by the e-mail they registered with, in any case', async () => {
    const { store } = await givenSamsHistory();
    await givenRegistered(store, 'ann1', 'ann@example.com');
    const entries = await auditHistory(store, 'Sam@Example.com');
    expect(entries.map((e) => `${e.position} ${e.streamId} ${e.type}`)).toEqual([
      '1 user-sam1 UserRegistered',
      '2 seller-sam1 SellerRegistered',
      '3 seller-sam1 SellerVerified',
    ]);
    expect(await auditHistory(store, 'nobody@example.com')).toEqual([]);
  });

  it('reads the history of each account an e-mail was registered with', async () => {
    const { store } = await givenSamsHistory();
    await store.append(
      'user-sam1',
      [
        {
          eventId: randomUUID(),
          event: { type: 'UserDeleted', schemaVersion: 1, data: { uid: 'sam1' } },
          metadata: by('sam1', 'sam@example.com', '2026-11-22T10:00:00.000Z'),
        },
      ],
      { expectedRevision: 0 },
    );
    await givenRegistered(store, 'sam2', 'sam@example.com');
    const entries = await auditHistory(store, 'sam@example.com');
    expect(entries.map((e) => `${e.position} ${e.streamId} ${e.type}`)).toEqual([
      '1 user-sam1 UserRegistered',
      '2 seller-sam1 SellerRegistered',
      '3 seller-sam1 SellerVerified',
      '4 user-sam1 UserDeleted',
      '5 user-sam2 UserRegistered',
    ]);
  });

  it('is a command: npm run audit -- <id or e-mail> [--type T] [--actor A] [--json]', async () => {
    const { store, dir } = await givenSamsHistory();
    await givenRegistered(store, 'ann1', 'ann@example.com');
    const env = { ...process.env, DATA_DIR: dir, EVENTSTORE_URL: '' };
    const cli = ['--import', 'tsx', 'src/operators/audit-cli.ts'];
    // The commands at once: each spends a second or two starting tsx.
    const [json, table, byEmail, unknownEmail, filtered, noneMatch] = await Promise.all([
      run(process.execPath, [...cli, 'sam1', '--json'], { cwd: workspace, env }),
      run(process.execPath, [...cli, 'nobody'], { cwd: workspace, env }),
      run(process.execPath, [...cli, 'sam@example.com'], { cwd: workspace, env }),
      run(process.execPath, [...cli, 'nobody@example.com'], { cwd: workspace, env }),
      run(process.execPath, [...cli, 'sam1', '--actor', 'admin@example.com'], {
        cwd: workspace,
        env,
      }),
      run(process.execPath, [...cli, 'sam1', '--type', 'UserDeleted'], { cwd: workspace, env }),
    ]);
    expect((JSON.parse(json.stdout) as { type: string }[]).map((e) => e.type)).toEqual([
      'UserRegistered',
      'SellerRegistered',
      'SellerVerified',
    ]);
    expect(table.stdout).toContain('No events for "nobody"');
    const rows = byEmail.stdout.trimEnd().split('\n').slice(2);
    expect(rows.map((row) => row.split(/\s+/).slice(0, 4).join(' '))).toEqual([
      expect.stringMatching(/^1 \S+Z user-sam1@0 UserRegistered$/),
      expect.stringMatching(/^2 \S+Z seller-sam1@0 SellerRegistered$/),
      expect.stringMatching(/^3 \S+Z seller-sam1@1 SellerVerified$/),
    ]);
    expect(unknownEmail.stdout).toBe('No user registered with the e-mail nobody@example.com.\n');
    const filteredRows = filtered.stdout.trimEnd().split('\n').slice(2);
    expect(filteredRows).toEqual([
      expect.stringMatching(/^3 .* SellerVerified .* seller verified /),
    ]);
    expect(noneMatch.stdout).toBe('None of the 3 events of "sam1" matches the filters.\n');
  });
});
