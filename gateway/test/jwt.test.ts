import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/src/ports.ts';
import {
  authEmulatorHost,
  bearer,
  buildTestApp,
  signUpWithFirebase,
  type TestApp,
} from './helper.ts';

describe('GET /jwt: access tokens only for the holder of a Firebase ID token of that e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 without a Firebase ID token', async () => {
    const response = await t.app.inject({ url: '/jwt?email=someone@example.test' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('answers 401 for a token that is not a Firebase ID token', async () => {
    const response = await t.app.inject({
      url: '/jwt?email=someone@example.test',
      headers: bearer('not-a-token'),
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 when the token belongs to another e-mail', async () => {
    const account = await signUpWithFirebase();
    const response = await t.app.inject({
      url: '/jwt?email=somebody-else@example.test',
      headers: bearer(account.idToken),
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers an access token that /me accepts for the same e-mail (any letter case)', async () => {
    const account = await signUpWithFirebase();
    const response = await t.app.inject({
      url: `/jwt?email=${encodeURIComponent(account.email.toUpperCase())}`,
      headers: bearer(account.idToken),
    });
    expect(response.statusCode).toBe(200);
    const { accessToken } = response.json<{ accessToken: string }>();
    expect(accessToken.split('.')).toHaveLength(3);
  });

  it('refuses a Firebase ID token where an access token is expected', async () => {
    const account = await signUpWithFirebase();
    const response = await t.app.inject({ url: '/me', headers: bearer(account.idToken) });
    expect(response.statusCode).toBe(401);
  });

  it('names the missing query field', async () => {
    const account = await signUpWithFirebase();
    const response = await t.app.inject({ url: '/jwt', headers: bearer(account.idToken) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'email', message: 'email is required' });
  });

  it('answers 503 with Retry-After, not 401, when Firebase Auth cannot be reached', async () => {
    const account = await signUpWithFirebase();
    const cut = await buildTestApp({
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort('127.0.0.1')}`,
    });
    try {
      const response = await cut.app.inject({
        url: `/jwt?email=${encodeURIComponent(account.email)}`,
        headers: bearer(account.idToken),
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({
        message: 'Sign-in could not be checked just now; try again in a moment',
      });
    } finally {
      await cut.close();
      // firebase-admin reads the emulator's address from the process environment.
      process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost();
    }
    const answered = await t.app.inject({
      url: `/jwt?email=${encodeURIComponent(account.email)}`,
      headers: bearer(account.idToken),
    });
    expect(answered.statusCode).toBe(200);
  });
});
