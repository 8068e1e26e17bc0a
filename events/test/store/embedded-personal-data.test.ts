import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/envelope.ts';
import { openEmbeddedEventStore } from '../../src/store/embedded-event-store.ts';
import { metadata, temporaryDirectory } from './fixtures.ts';

/** A booking whose buyer's data is easy to look for in the files' bytes. */
const booking = (bookingId: string): NewEvent => ({
  eventId: randomUUID(),
  event: {
    type: 'BookingPlaced',
    schemaVersion: 2,
    data: {
      bookingId,
      productId: 'p1',
      productName: 'Pixel 7',
      Brand: 'Google',
      buyerUid: 'buyer-1',
      buyerName: 'Quentin Quarrie',
      email: 'quentin.quarrie@example.com',
      phone: '+44 7700 900917',
      address: '17 Zanzibar Close, Leeds',
      sellingPrice: 300,
      sellerUid: 'seller-1',
      sellerEmail: 'sam@example.com',
      expiresAt: '2026-11-23T10:00:00.000Z',
    },
  },
  metadata: metadata({ actorUid: 'buyer-1', actorEmail: 'quentin.quarrie@example.com' }),
});
const personal = ['Quentin Quarrie', 'quentin.quarrie@example', '7700 900917', 'Zanzibar Close'];

/** Which of the values the files of this log (the file, its WAL and shared memory) hold. */
const foundInFiles = (dir: string, file: string): string[] => {
  const bytes = readdirSync(dir)
    .filter((name) => name.startsWith(file))
    .map((name) => readFileSync(join(dir, name)));
  return personal.filter((value) => bytes.some((content) => content.includes(value)));
};

describe('personal data in the embedded log', () => {
  const { dir, remove } = temporaryDirectory();
  afterAll(remove);

  it('never writes it in clear, and reads it as erased once its person is erased', async () => {
    const store = openEmbeddedEventStore({ file: join(dir, 'log.sqlite3') });
    await store.append('booking-b1', [booking('b1')], { expectedRevision: 'no_stream' });
    expect(foundInFiles(dir, 'log.sqlite3')).toEqual([]);
    expect((await store.readStream('booking-b1'))[0]?.data).toMatchObject({
      buyerName: 'Quentin Quarrie',
    });
    await store.erasePersonalData('buyer-1');
    expect((await store.readStream('booking-b1'))[0]?.data).toMatchObject({
      buyerName: 'erased',
      email: 'erased@erased.invalid',
      sellerEmail: 'sam@example.com',
    });
    await store.close();
    const reopened = openEmbeddedEventStore({ file: join(dir, 'log.sqlite3') });
    expect((await reopened.readStream('booking-b1'))[0]?.data).toMatchObject({ phone: 'erased' });
    await reopened.close();
  });

  it('seals a log written in clear when it first opens it, keeping every event as it was', async () => {
    const file = join(dir, 'old.sqlite3');
    await openEmbeddedEventStore({ file }).close();
    // The file as a version before sealing left it: events in clear, user_version 0.
    const old = new Database(file);
    old.pragma('user_version = 0');
    const { event, metadata: meta, eventId } = booking('b2');
    old
      .prepare(
        `INSERT INTO events (position, stream_id, revision, event_id, type, schema_version, data, metadata, recorded_at)
         VALUES (1, 'booking-b2', 0, ?, ?, ?, ?, ?, '2026-11-21T10:00:00.000Z')`,
      )
      .run(
        eventId,
        event.type,
        event.schemaVersion,
        JSON.stringify(event.data),
        JSON.stringify(meta),
      );
    old.close();
    expect(foundInFiles(dir, 'old.sqlite3')).toEqual(personal);

    const store = openEmbeddedEventStore({ file });
    expect(foundInFiles(dir, 'old.sqlite3')).toEqual([]);
    const [read] = await store.readStream('booking-b2');
    expect(read?.data).toEqual(event.data);
    expect(read?.metadata).toEqual(meta);
    await store.erasePersonalData('buyer-1');
    expect((await store.readStream('booking-b2'))[0]?.data).toMatchObject({ buyerName: 'erased' });
    await store.close();
  });
});
