import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fileImageStore,
  gridFsImageStore,
  sniffImageType,
  type ImageStore,
} from '../../src/adapters/image-store.ts';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by their first bytes, and nothing else', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe(
      'image/webp',
    );
    expect(sniffImageType(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

function contract(open: () => ImageStore) {
  it('gives back what it stored, with its type; null for an unknown name', async () => {
    const store = open();
    const name = `${randomUUID()}.png`;
    await store.save(name, { contentType: 'image/png', bytes: png });
    const loaded = await store.load(name);
    expect(loaded?.contentType).toBe('image/png');
    expect(loaded?.bytes.equals(png)).toBe(true);
    expect(await store.load(`${randomUUID()}.png`)).toBeNull();
  });
}

describe('file image store (embedded profile)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'images-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  contract(() => fileImageStore(dir));
});

const mongoUrl = process.env.MONGODB_URL;
// Said in the run's output, not only in a skipped suite's title that reporters fold away.
if (!mongoUrl)
  console.warn(
    'GridFS image store: skipped: no server, no Docker engine (set MONGODB_URL to run it)',
  );
describe.skipIf(!mongoUrl)(
  `GridFS image store (${mongoUrl ? 'distributed profile' : 'skipped: no server, no Docker engine'})`,
  () => {
    const client = new MongoClient(mongoUrl ?? 'mongodb://unused');
    const db = client.db(`gateway-test-${process.pid}`);
    afterAll(async () => {
      await db.dropDatabase();
      await client.close();
    });
    contract(() => gridFsImageStore(db));
  },
);
