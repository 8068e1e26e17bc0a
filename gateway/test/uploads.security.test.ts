import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  registerUser,
  signUpWithFirebase,
  type SignedInUser,
  type TestApp,
} from './helper.ts';
import { pngOfSize, wholeJpeg, wholePng as png, wholeWebp } from './image-fixtures.ts';

const MB = 1024 * 1024;
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>');
/** A local file header of a ZIP (JAR) archive: the tail of a GIFAR-style polyglot. */
const zipTail = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
  Buffer.from('META-INF/MANIFEST.MF'),
  Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
]);

const boundary = '----uploads-security-boundary';
/** A multipart/form-data body with one file part. */
function multipart(bytes: Buffer, filename = 'phone.png', type = 'image/png', field = 'image') {
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe('uploads (POST /images) against hostile files', () => {
  let t: TestApp;
  let seller: SignedInUser;
  let imagesDir: string;
  const storedImages = () => readdirSync(imagesDir).sort();

  beforeAll(async () => {
    t = await buildTestApp();
    imagesDir = path.join(t.dataDir, 'images');
    seller = await registerUser(t.app, 'seller');
  });
  afterAll(() => t.close());

  const upload = (
    body: { headers: Record<string, string>; payload: Buffer | string },
    token = seller.accessToken,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/images',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });

  /** Runs the uploads and checks each is refused with `status` and that nothing was stored. */
  const expectRefusedAndNothingStored = async (
    status: number,
    ...bodies: { headers: Record<string, string>; payload: Buffer | string }[]
  ) => {
    const before = storedImages();
    const answers = await Promise.all(bodies.map((body) => upload(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => status));
    for (const answer of answers)
      expect(answer.json()).toMatchObject({ statusCode: status, message: expect.any(String) });
    expect(storedImages()).toEqual(before);
  };

  describe('files that are not images, whatever their name and declared type', () => {
    it.each([
      ['an HTML page', html, 'index.png', 'image/png'],
      ['a script', Buffer.from('alert(document.domain)'), 'x.jpg', 'image/jpeg'],
      [
        'an SVG with a script',
        Buffer.from('<svg onload="alert(1)"><script>alert(2)</script></svg>'),
        'logo.png',
        'image/png',
      ],
      ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj'), 'scan.webp', 'image/webp'],
      ['a ZIP / JAR', zipTail, 'photo.png', 'image/png'],
      ['an ELF binary', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), 'a.png', 'image/png'],
      ['a GIF (not an accepted type)', Buffer.from('GIF89a\x01\x00\x01\x00'), 'a.png', 'image/png'],
      ['half a PNG signature', pngSignature.subarray(0, 4), 'a.png', 'image/png'],
      [
        'a RIFF that is not WebP (WAV)',
        Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '),
        'a.webp',
        'image/webp',
      ],
      ['zero bytes', Buffer.alloc(0), 'empty.png', 'image/png'],
    ])('%s is refused with 400 and not stored', async (_kind, bytes, filename, type) => {
      await expectRefusedAndNothingStored(400, multipart(bytes, filename, type));
    });
  });

  describe('files made to pass as images by their first bytes', () => {
    const page = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const le32 = (value: number) => {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt32LE(value);
      return bytes;
    };
    /** A PNG chunk: length, type, data, CRC. */
    const pngChunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
      return Buffer.concat([length, Buffer.from(type), data, crc]);
    };
    /** 312 bytes of PNG whose header declares 60000×60000 pixels (3.6 gigapixels). */
    const pngBomb = (() => {
      const header = Buffer.alloc(13);
      header.writeUInt32BE(60_000, 0);
      header.writeUInt32BE(60_000, 4);
      header.set([8, 2, 0, 0, 0], 8);
      const head = Buffer.concat([pngSignature, pngChunk('IHDR', header)]);
      const data = pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1024)));
      const end = pngChunk('IEND', Buffer.alloc(0));
      const padding = 312 - head.length - data.length - end.length - 12;
      return Buffer.concat([head, pngChunk('tEXt', Buffer.alloc(padding, 0x61)), data, end]);
    })();

    it('the files are what they claim to be', async () => {
      expect(pngBomb.length).toBe(312);
      expect(await sharp(pngBomb, { limitInputPixels: false }).metadata()).toMatchObject({
        format: 'png',
        width: 60_000,
        height: 60_000,
      });
    });

    it.each([
      [
        'HTML between JPEG start and end markers',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), page, Buffer.from([0xff, 0xd9])]),
        'photo.jpg',
        'image/jpeg',
        /^The image could not be read/,
      ],
      [
        'HTML inside a RIFF/WEBP container',
        Buffer.concat([
          Buffer.from('RIFF'),
          le32(page.length + 12),
          Buffer.from('WEBPVP8 '),
          le32(page.length),
          page,
        ]),
        'photo.webp',
        'image/webp',
        /^The image could not be read/,
      ],
      [
        'a 312-byte PNG declaring 60000×60000 pixels',
        pngBomb,
        'photo.png',
        'image/png',
        /^The image is too large: at most 100 megapixels$/,
      ],
    ])(
      '%s is refused with 400 and a message, and not stored',
      async (_kind, bytes, name, type, message) => {
        const before = storedImages();
        const answer = await upload(multipart(bytes, name, type));
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({
          statusCode: 400,
          field: 'image',
          message: expect.stringMatching(message),
        });
        expect(storedImages()).toEqual(before);
      },
    );
  });

  describe('bodies that are not well-formed uploads', () => {
    it.each([
      ['no boundary in the body', 'just some text'],
      [
        'a part that never ends',
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG`,
      ],
      ['a part without headers', `--${boundary}\r\n\r\n\r\n--${boundary}--\r\n`],
      [
        'a malformed part header',
        `--${boundary}\r\nContent-Disposition\r\n\r\nx\r\n--${boundary}--\r\n`,
      ],
    ])('%s: 400, nothing stored', async (_kind, payload) => {
      await expectRefusedAndNothingStored(400, {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    });

    it('a multipart content type without a boundary: 400', async () => {
      await expectRefusedAndNothingStored(400, {
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
    });
  });

  describe('polyglots: a whole image with something else behind it', () => {
    it.each([
      ['a PNG followed by HTML', png, html],
      ['a PNG with a ZIP (JAR) tail', png, zipTail],
      ['a JPEG followed by a script', wholeJpeg, html],
      ['a WebP followed by HTML', wholeWebp, html],
      ['a JPEG with a ZIP (JAR) tail', wholeJpeg, zipTail],
    ])('%s: only the re-encoded picture is stored', async (_kind, image, tail) => {
      const before = storedImages();
      const answer = await upload(multipart(Buffer.concat([image, tail]), 'page.png'));
      expect(answer.statusCode).toBe(201);
      const added = storedImages().filter((name) => !before.includes(name));
      const { url } = answer.json<{ data: { url: string } }>().data;
      const name = path.basename(new URL(url).pathname);
      expect(added).toEqual([name, name.replace(/\.webp$/, '.thumb.webp')].sort());
      for (const file of added) {
        const stored = readFileSync(path.join(imagesDir, file));
        expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp' });
        expect(stored.includes(tail)).toBe(false);
        expect(stored.includes('<script>')).toBe(false);
        expect(stored.includes('PK')).toBe(false);
      }
    });

    it('what is served is the re-encoded WebP, whatever type was declared', async () => {
      const answer = await upload(multipart(png, 'photo.jpg', 'image/jpeg'));
      const { url } = answer.json<{ data: { url: string } }>().data;
      expect(url).toMatch(/\.webp$/);
      const served = await t.app.inject({ url: new URL(url).pathname });
      expect(served.headers['content-type']).toBe('image/webp');
    });
  });

  describe('sizes', () => {
    it('a PNG of exactly 15 MB is stored; one byte more is refused with 413 and not stored', async () => {
      const answer = await upload(multipart(pngOfSize(15 * MB)));
      expect(answer.statusCode).toBe(201);
      await expectRefusedAndNothingStored(413, multipart(pngOfSize(15 * MB + 1)));
    });

    it('a 40 MB upload is refused with 413 and not stored', async () => {
      await expectRefusedAndNothingStored(413, multipart(pngOfSize(40 * MB)));
    });

    it('over a socket, a 40 MB upload gets its 413 and message, not a dropped connection', async () => {
      const server = await buildTestApp();
      try {
        const uploader = await registerUser(server.app, 'seller');
        await server.app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = server.app.server.address() as AddressInfo;
        const body = multipart(pngOfSize(40 * MB));
        // node:http, not fetch: the whole body is written as a phone would, and what comes back
        // on the socket (an answer, or a reset) is seen as it is.
        const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const sent = httpRequest(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/images',
              headers: {
                ...body.headers,
                ...bearer(uploader.accessToken),
                'content-length': body.payload.length,
              },
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({
                  status: response.statusCode ?? 0,
                  body: Buffer.concat(chunks).toString(),
                }),
              );
              response.on('error', reject);
            },
          );
          sent.on('error', reject);
          sent.end(body.payload);
        });
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toMatchObject({
          statusCode: 413,
          message: 'The image is larger than 15 MB',
          field: 'image',
        });
        expect(readdirSync(path.join(server.dataDir, 'images'))).toEqual([]);
      } finally {
        await server.close();
      }
    });
  });

  describe('many uploads at once', () => {
    it('50 parallel uploads of images are all stored, each under its own names', async () => {
      const before = storedImages();
      const answers = await Promise.all(Array.from({ length: 50 }, () => upload(multipart(png))));
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
      const urls = new Set(
        answers.map((answer) => answer.json<{ data: { url: string } }>().data.url),
      );
      expect(urls.size).toBe(50);
      // Each picture with its thumbnail.
      expect(storedImages().length - before.length).toBe(100);
      // Written whole, then renamed: no partial file is left behind.
      expect(storedImages().filter((name) => name.endsWith('.partial'))).toEqual([]);
    });

    it('50 parallel uploads of non-images are all refused, none stored', async () => {
      await expectRefusedAndNothingStored(
        400,
        ...Array.from({ length: 50 }, (_, i) =>
          multipart(i % 2 ? html : Buffer.from(`not an image ${i}`), `x${i}.png`),
        ),
      );
    });

    it('20 parallel uploads of 5 MB keep memory bounded', async () => {
      const bodies = Array.from({ length: 20 }, () => multipart(pngOfSize(5 * MB)));
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      try {
        const answers = await Promise.all(bodies.map((body) => upload(body)));
        expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, process.memoryUsage().rss);
      const growthMb = (peak - baseline) / MB;
      console.info(`20 parallel 5 MB uploads: RSS grew by ${growthMb.toFixed(0)} MB at most`);
      // The 100 MB uploaded are held about once (~85 MB measured here), joined for the write;
      // twice that means copies pile up (two extra copies per upload measured 280 MB).
      expect(growthMb).toBeLessThan(200);
    });
  });

  it('is refused to a caller without an access token (a Firebase ID token is not one)', async () => {
    const account = await signUpWithFirebase();
    const before = storedImages();
    expect((await upload(multipart(png), account.idToken)).statusCode).toBe(401);
    expect(storedImages()).toEqual(before);
  });
});
