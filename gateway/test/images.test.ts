import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerUser, type SignedInUser, type TestApp } from './helper.ts';
import {
  pictureOf,
  wholeJpeg as jpeg,
  wholePng as png,
  wholeWebp as webp,
} from './image-fixtures.ts';

/** A multipart/form-data body with one file part. */
function multipart(field: string, bytes: Buffer, filename = 'phone.png', type = 'image/png') {
  const boundary = '----gateway-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('image upload (POST /images) and serving (GET /images/{name})', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app, 'seller');
  });
  afterAll(() => t.close());

  const upload = (body: ReturnType<typeof multipart>, token: string | null = user.accessToken) =>
    t.app.inject({
      method: 'POST',
      url: '/images',
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
      payload: body.payload,
    });

  const uploadedUrl = async (response: Awaited<ReturnType<typeof upload>>) => {
    expect(response.statusCode).toBe(201);
    const { success, data } = response.json<{ success: boolean; data: { url: string } }>();
    expect(success).toBe(true);
    return data.url;
  };

  it.each([
    ['PNG', png],
    ['JPEG', jpeg],
    ['WebP', webp],
  ])('stores a %s as WebP under a server-made name, with a thumbnail', async (_kind, bytes) => {
    const url = await uploadedUrl(await upload(multipart('image', bytes, '../../etc/passwd.png')));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:5000\/images\/[0-9a-f-]{36}\.webp$/);
    const source = await sharp(bytes).metadata();
    for (const path of [
      new URL(url).pathname,
      new URL(url).pathname.replace(/\.webp$/, '.thumb.webp'),
    ]) {
      const served = await t.app.inject({ url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: source.width,
        height: source.height,
      });
    }
  });

  it('stores a phone photo upright, at most 1600 px, without its EXIF and GPS position', async () => {
    // 4000×3000 stored sideways (EXIF orientation 6), with the place it was taken.
    const photo = await sharp(await pictureOf('jpeg', 4000, 3000))
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSMapDatum: 'WGS-84' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const url = await uploadedUrl(await upload(multipart('image', photo, 'IMG_0001.jpg')));
    const stored = (await t.app.inject({ url: new URL(url).pathname })).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('WGS-84')).toBe(false);
    const thumbnail = await t.app.inject({
      url: new URL(url).pathname.replace(/\.webp$/, '.thumb.webp'),
    });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 360, height: 480 });
  });

  it('accepts a Motion Photo (a JPEG with its video appended) and keeps the still picture', async () => {
    const video = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42'),
      Buffer.alloc(4096, 7),
    ]);
    const url = await uploadedUrl(
      await upload(multipart('image', Buffer.concat([jpeg, video]), 'PXL_MP.jpg', 'image/jpeg')),
    );
    const stored = (await t.app.inject({ url: new URL(url).pathname })).rawPayload;
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(stored.includes('ftypmp42')).toBe(false);
  });

  it('refuses bytes it cannot decode with 400 and a clear message', async () => {
    const response = await upload(multipart('image', jpeg.subarray(0, jpeg.length - 40)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'image',
      message: expect.stringMatching(/^The image could not be read: it is damaged/),
    });
  });

  it('judges by content, not by the claimed type: a script named .png is refused', async () => {
    const response = await upload(multipart('image', Buffer.from('<script>alert(1)</script>')));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'image' });
  });

  it('refuses a file over 15 MB with 413 and a message', async () => {
    const big = Buffer.concat([png, Buffer.alloc(15 * 1024 * 1024)]);
    const response = await upload(multipart('image', big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      field: 'image',
      message: 'The image is larger than 15 MB',
    });
  });

  it('wants the file in the field "image", as multipart', async () => {
    expect((await upload(multipart('photo', png))).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/images',
      headers: bearer(user.accessToken),
      payload: { image: 'data' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('is for signed-in users only', async () => {
    expect((await upload(multipart('image', png), null)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown image and 400 for a name that could leave the folder', async () => {
    expect((await t.app.inject({ url: '/images/unknown-picture.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/images/..%2Fevents.sqlite3' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/images/a.thumb.png' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/images/a.b.webp' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/images/unknown.thumb.webp' })).statusCode).toBe(404);
  });
});
