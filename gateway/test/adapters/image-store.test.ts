import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { gridFsImageStore } from '../../src/adapters/gridfs-image-store.ts';
import { fileImageStore, sniffImageType, type ImageStore } from '../../src/adapters/image-store.ts';

import { pngOfSize, wholeJpeg, wholePng as png, wholeWebp } from '../image-fixtures.ts';

describe('sniffImageType', () => {
  it('recognises whole PNG, JPEG and WebP images by their bytes, and nothing else', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(pngOfSize(4096))).toBe('image/png');
    expect(sniffImageType(wholeJpeg)).toBe('image/jpeg');
    expect(sniffImageType(wholeWebp)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\x04\x00\x00\x00WAVE', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('refuses an image with anything after its end: a polyglot is no image', () => {
    const tail = Buffer.from('<script>alert(1)</script>');
    expect(sniffImageType(Buffer.concat([png, tail]))).toBeNull();
    expect(sniffImageType(Buffer.concat([wholeJpeg, tail]))).toBeNull();
    expect(sniffImageType(Buffer.concat([wholeWebp, tail]))).toBeNull();
  });

  it('refuses a cut-off image and a PNG whose first chunk is not its header', () => {
    expect(sniffImageType(png.subarray(0, png.length - 1))).toBeNull();
    expect(sniffImageType(wholeJpeg.subarray(0, wholeJpeg.length - 1))).toBeNull();
    expect(sniffImageType(wholeWebp.subarray(0, wholeWebp.length - 1))).toBeNull();
    const headerless = Buffer.concat([png.subarray(0, 8), png.subarray(8 + 25)]);
    expect(sniffImageType(headerless)).toBeNull();
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

// The server is the run's (mongo-wire.global-setup.ts): MONGODB_URL's, or FerretDB.
describe(`GridFS image store (${inject('mongoServer')})`, () => {
  const client = new MongoClient(inject('mongoUrl'));
  const db = client.db(`gateway-test-${process.pid}`);
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });
  contract(() => gridFsImageStore(db));
});
