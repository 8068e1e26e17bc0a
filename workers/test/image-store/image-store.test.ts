import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileImageStore } from '../../src/image-store/file-image-store.ts';
import { openGridFsImageStore } from '../../src/image-store/gridfs-image-store.ts';
import type { ImageStore } from '../../src/image-store/port.ts';

/** A real 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What every image store must do. */
function contract(open: () => Promise<ImageStore>) {
  let store: ImageStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it('gives back what it stored, with its type; null for an unknown name', async () => {
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
  contract(async () => fileImageStore(dir));
});

// The server is the run's (mongo-wire.global-setup.ts): MONGODB_URL's, or FerretDB.
describe(`GridFS image store (${inject('mongoServer')})`, () => {
  const url = inject('mongoUrl');
  const dbName = `image_store_test_${process.pid}`;
  afterAll(async () => {
    const admin = await new MongoClient(url).connect();
    await admin.db(dbName).dropDatabase();
    await admin.close();
  });
  contract(() => openGridFsImageStore({ url, dbName }));
});
