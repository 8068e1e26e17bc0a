import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenOf,
  bearer,
  buildTestApp,
  registerUser,
  signUpWithFirebase,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

describe('user accounts', () => {
  let t: TestApp;
  const adminEmail = uniqueEmail('first-admin');
  const opsAdminEmail = uniqueEmail('ops-admin');
  const unverifiedAdminEmail = uniqueEmail('unverified-admin');
  beforeAll(async () => {
    t = await buildTestApp({
      ADMIN_EMAILS: `someone@example.test, ${adminEmail.toUpperCase()},${opsAdminEmail},${unverifiedAdminEmail}`,
    });
  });
  afterAll(() => t.close());

  const me = (accessToken: string) => t.app.inject({ url: '/me', headers: bearer(accessToken) });

  describe('POST /users', () => {
    it('registers a buyer, who then has an access token and the buyer role', async () => {
      const buyer = await registerUser(t.app, 'buyer', { name: 'Ann' });
      const response = await me(buyer.accessToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        uid: buyer.uid,
        email: buyer.email,
        name: 'Ann',
        role: 'buyer',
        isAdmin: false,
        isSeller: false,
      });
    });

    it('registers a seller as a seller', async () => {
      const seller = await registerUser(t.app, 'seller');
      expect((await me(seller.accessToken)).json()).toMatchObject({
        role: 'seller',
        isSeller: true,
      });
    });

    it('makes an e-mail of ADMIN_EMAILS admin from registration', async () => {
      const admin = await registerUser(t.app, 'buyer', { email: adminEmail });
      expect((await me(admin.accessToken)).json()).toMatchObject({ role: 'admin', isAdmin: true });
    });

    it('does not make an unverified e-mail of ADMIN_EMAILS admin: whoever signs up first is not trusted', async () => {
      const account = await signUpWithFirebase(unverifiedAdminEmail);
      const saved = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: bearer(account.idToken),
        payload: { name: 'Mallory', email: account.email, role: 'buyer' },
      });
      expect(saved.statusCode).toBe(201);
      const accessToken = await accessTokenOf(t.app, account);
      expect((await me(accessToken)).json()).toMatchObject({ role: 'buyer', isAdmin: false });
    });

    it('answers with the inserted id and the log position, and changes nothing when repeated', async () => {
      const account = await signUpWithFirebase();
      const register = () =>
        t.app.inject({
          method: 'POST',
          url: '/users',
          headers: bearer(account.idToken),
          payload: { name: 'Bo', email: account.email, role: 'buyer' },
        });
      const first = await register();
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({
        acknowledged: true,
        insertedId: account.uid,
        position: expect.any(Number),
      });
      const head = await t.app.eventStore.headPosition();
      expect((await register()).statusCode).toBe(201);
      expect(await t.app.eventStore.headPosition()).toBe(head);
    });

    it('refuses to register another e-mail than the signed-in one', async () => {
      const account = await signUpWithFirebase();
      const response = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: bearer(account.idToken),
        payload: { name: 'Eve', email: 'victim@example.test', role: 'buyer' },
      });
      expect(response.statusCode).toBe(403);
    });

    it('refuses the admin role: nobody makes themselves admin', async () => {
      const account = await signUpWithFirebase();
      const response = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: bearer(account.idToken),
        payload: { name: 'Eve', email: account.email, role: 'admin' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'role' });
    });

    it.each([
      ['name', 'name is required'],
      ['email', 'Email Address is required'],
      ['role', 'select account type'],
    ])('answers 400 "%s" missing with the sign-up form message', async (field, message) => {
      const account = await signUpWithFirebase();
      const payload: Record<string, string> = { name: 'Al', email: account.email, role: 'buyer' };
      delete payload[field];
      const response = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: bearer(account.idToken),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, field });
    });

    it('never stores unknown fields', async () => {
      const account = await signUpWithFirebase();
      const response = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: bearer(account.idToken),
        payload: { name: 'Al', email: account.email, role: 'buyer', isAdmin: true, x: 1 },
      });
      expect(response.statusCode).toBe(201);
      const [registered] = await t.app.eventStore.readStream(`user-${account.uid}`);
      expect(registered?.data).toEqual({
        uid: account.uid,
        name: 'Al',
        email: account.email,
        role: 'buyer',
      });
    });

    it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
      const account = await signUpWithFirebase();
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: { ...bearer(account.idToken), 'content-type': 'application/json' },
        payload: '{"name": "Al",',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ message: 'The request body is not valid JSON' });
      const huge = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: bearer(account.idToken),
        payload: { name: 'x'.repeat(100_000), email: account.email, role: 'buyer' },
      });
      expect(huge.statusCode).toBe(413);
    });
  });

  describe('admins promote and delete users', () => {
    let admin: SignedInUser;
    beforeAll(async () => {
      admin = await registerUser(t.app, 'buyer', { email: opsAdminEmail });
    });
    const promote = (token: string | undefined, uid: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/users/admin/${uid}`,
        headers: token ? bearer(token) : {},
      });
    const remove = (token: string | undefined, uid: string) =>
      t.app.inject({ method: 'DELETE', url: `/users/${uid}`, headers: token ? bearer(token) : {} });

    it('a promoted user is admin on their very next call; promoting again changes nothing', async () => {
      const buyer = await registerUser(t.app, 'buyer');
      const first = await promote(admin.accessToken, buyer.uid);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        acknowledged: true,
        modifiedCount: 1,
        position: expect.any(Number),
      });
      expect((await me(buyer.accessToken)).json()).toMatchObject({ role: 'admin' });
      expect((await promote(admin.accessToken, buyer.uid)).json()).toMatchObject({
        modifiedCount: 0,
      });
    });

    it('answers 401 to anonymous callers and 403 to a buyer', async () => {
      const buyer = await registerUser(t.app, 'buyer');
      expect((await promote(undefined, buyer.uid)).statusCode).toBe(401);
      expect((await promote(buyer.accessToken, buyer.uid)).statusCode).toBe(403);
      expect((await remove(buyer.accessToken, admin.uid)).statusCode).toBe(403);
    });

    it('answers 404 for an unknown user', async () => {
      expect((await promote(admin.accessToken, 'no-such-user')).statusCode).toBe(404);
      expect((await remove(admin.accessToken, 'no-such-user')).statusCode).toBe(404);
    });

    it('a deleted user loses access at once and gets no new access token', async () => {
      const buyer = await registerUser(t.app, 'buyer');
      const deleted = await remove(admin.accessToken, buyer.uid);
      expect(deleted.json()).toEqual({
        acknowledged: true,
        deletedCount: 1,
        position: expect.any(Number),
      });
      expect((await me(buyer.accessToken)).statusCode).toBe(403);
      // Their sign-in account was erased with them: its ID tokens are no longer valid.
      await expect(accessTokenOf(t.app, buyer)).rejects.toThrow(/401/);
      expect((await remove(admin.accessToken, buyer.uid)).json()).toMatchObject({
        deletedCount: 0,
      });
    });

    it('an admin cannot delete their own account', async () => {
      expect((await remove(admin.accessToken, admin.uid)).statusCode).toBe(403);
    });
  });
});
