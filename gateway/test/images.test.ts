import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerUser, type SignedInUser, type TestApp } from './helper.ts';
import { wholeJpeg as jpeg, wholePng as png, wholeWebp as webp } from './image-fixtures.ts';

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

  it.each([
    ['PNG', png, 'image/png', 'png'],
    ['JPEG', jpeg, 'image/jpeg', 'jpg'],
    ['WebP', webp, 'image/webp', 'webp'],
  ])('stores a %s under a server-made name and serves it back', async (_kind, bytes, type, ext) => {
    const response = await upload(multipart('image', bytes, '../../etc/passwd.png'));
    expect(response.statusCode).toBe(201);
    const { success, data } = response.json<{ success: boolean; data: { url: string } }>();
    expect(success).toBe(true);
    expect(data.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:5000/images/[0-9a-f-]{36}\\.${ext}$`),
    );
    const served = await t.app.inject({ url: new URL(data.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('judges by content, not by the claimed type: a script named .png is refused', async () => {
    const response = await upload(multipart('image', Buffer.from('<script>alert(1)</script>')));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'image' });
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(multipart('image', big))).statusCode).toBe(413);
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
  });
});
