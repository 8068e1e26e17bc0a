import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inject } from 'vitest';
import { categoryDecider, categoryStreamId, handleCommand, systemActor } from '@resale/events';
import type { ReadModelChange } from '@resale/workers/read-models';
import serviceApp, { serverOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

export const authEmulatorHost = (): string => inject('authEmulatorHost');

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Closes the app and deletes its data folder unless `keepData`. */
  close(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * A gateway on a fresh data folder (or the given one, to test a restart), against the test run's
 * Auth emulator; no socket.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-test-')),
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    RATE_LIMIT_WRITES: '10000',
    RATE_LIMIT_SIGN_IN: '10000',
    ...env,
  });
  const app = Fastify(serverOptions(config));
  await app.register(fp(serviceApp), { config });
  await app.ready();
  return {
    app,
    dataDir,
    async close({ keepData = false } = {}) {
      await app.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A unique e-mail per call: test files share one emulator and never clear it. */
export const uniqueEmail = (label: string): string =>
  `${label}-${randomUUID().slice(0, 8)}@example.test`;

export interface FirebaseAccount {
  uid: string;
  email: string;
  idToken: string;
}

/** Creates an account in the Auth emulator, as the web client's sign-up does, and signs it in. */
export async function signUpWithFirebase(email = uniqueEmail('user')): Promise<FirebaseAccount> {
  const response = await fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`Emulator sign-up failed: ${await response.text()}`);
  const body = (await response.json()) as { localId: string; email: string; idToken: string };
  return { uid: body.localId, email: body.email, idToken: body.idToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Marks the account's e-mail as verified, as a deployment does for the addresses it lists in
 * ADMIN_EMAILS, and signs in again for an ID token that says so.
 */
export async function verifyEmail(account: FirebaseAccount): Promise<FirebaseAccount> {
  const base = `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const updated = await fetch(`${base}/accounts:update?key=test-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: account.uid, emailVerified: true }),
  });
  if (!updated.ok) throw new Error(`Emulator update failed: ${await updated.text()}`);
  const signedIn = await fetch(`${base}/accounts:signInWithPassword?key=test-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: account.email,
      password: 'secret-password',
      returnSecureToken: true,
    }),
  });
  if (!signedIn.ok) throw new Error(`Emulator sign-in failed: ${await signedIn.text()}`);
  const body = (await signedIn.json()) as { idToken: string };
  return { ...account, idToken: body.idToken };
}

export interface SignedInUser extends FirebaseAccount {
  name: string;
  accessToken: string;
}

/** Signs up as the web client does: Firebase account, POST /users, then GET /jwt. */
export async function registerUser(
  app: FastifyInstance,
  role: 'buyer' | 'seller',
  options: { email?: string; name?: string } = {},
): Promise<SignedInUser> {
  const signedUp = await signUpWithFirebase(options.email ?? uniqueEmail(role));
  const account = app.config.ADMIN_EMAILS.includes(signedUp.email)
    ? await verifyEmail(signedUp)
    : signedUp;
  const name = options.name ?? `${role} ${account.uid.slice(0, 4)}`;
  const saved = await app.inject({
    method: 'POST',
    url: '/users',
    headers: bearer(account.idToken),
    payload: { name, email: account.email, role },
  });
  if (saved.statusCode !== 201) throw new Error(`POST /users failed: ${saved.body}`);
  return { ...account, name, accessToken: await accessTokenOf(app, account) };
}

export async function accessTokenOf(
  app: FastifyInstance,
  account: FirebaseAccount,
): Promise<string> {
  const response = await app.inject({
    url: `/jwt?email=${encodeURIComponent(account.email)}`,
    headers: bearer(account.idToken),
  });
  if (response.statusCode !== 200)
    throw new Error(`GET /jwt failed (${response.statusCode}): ${response.body}`);
  return response.json<{ accessToken: string }>().accessToken;
}

/** A listing as the add-product form sends it. */
export const listingOf = (seller: SignedInUser, overrides: Record<string, unknown> = {}) => ({
  productName: 'Galaxy S21',
  sellerName: seller.name,
  condition: 'Good',
  email: seller.email,
  Brand: 'Samsung',
  picture: 'http://127.0.0.1:5000/images/00000000-0000-4000-8000-000000000000.png',
  address: 'Dhaka',
  about: 'Barely used, no scratches',
  sellerEmail: seller.email,
  phone: '+8801700000000',
  buyingPrice: 900,
  sellingPrice: 600,
  year: 1,
  ...overrides,
});

/** POSTs a command as the user; answers its 201 body, or throws with what came instead. */
async function createAs<T>(
  app: FastifyInstance,
  user: SignedInUser,
  url: string,
  payload: Record<string, unknown>,
): Promise<T> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: bearer(user.accessToken),
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`POST ${url} failed: ${response.body}`);
  return response.json<T>();
}

/** Lists a product as the seller; answers its id and the command's log position. */
export async function listProductAt(
  app: FastifyInstance,
  seller: SignedInUser,
  overrides: Record<string, unknown> = {},
): Promise<{ productId: string; position: number }> {
  const { insertedId, position } = await createAs<{ insertedId: string; position: number }>(
    app,
    seller,
    '/myProducts',
    listingOf(seller, overrides),
  );
  return { productId: insertedId, position };
}

/** Lists a product as the seller and answers its id. */
export const listProduct = async (
  app: FastifyInstance,
  seller: SignedInUser,
  overrides: Record<string, unknown> = {},
): Promise<string> => (await listProductAt(app, seller, overrides)).productId;

/** A booking as the booking modal sends it. */
export const bookingOf = (buyer: SignedInUser, productId: string) => ({
  productId,
  Brand: 'Samsung',
  buyerName: buyer.name,
  email: buyer.email,
  phone: '+8801800000000',
  address: 'Chattogram',
  sellingPrice: 600,
});

/** Books a product as the buyer; answers the command's log position. */
export async function bookProductAt(
  app: FastifyInstance,
  buyer: SignedInUser,
  productId: string,
): Promise<number> {
  const { position } = await createAs<{ position: number }>(
    app,
    buyer,
    '/bookings',
    bookingOf(buyer, productId),
  );
  return position;
}

/** Creates the spec's brand categories as the demo-data seeding does; answers the last position. */
export async function seedCategories(app: FastifyInstance): Promise<number> {
  let position = 0;
  for (const title of ['Samsung', 'Oppo', 'Iphone']) {
    const categoryId = title.toLowerCase();
    const result = await handleCommand(
      app.eventStore,
      categoryStreamId(categoryId),
      categoryDecider,
      {
        type: 'CreateCategory',
        data: { categoryId, title, image: `${categoryId}.png` },
        metadata: {
          ...systemActor,
          actorUid: 'system',
          now: new Date().toISOString(),
          correlationId: 'seed',
          causationId: 'seed',
        },
      },
    );
    position = Math.max(position, result.position);
  }
  return position;
}

/** GET with the caller's access token (if any) and `minPosition`, as the web client reads. */
export const getAs = (
  app: FastifyInstance,
  user: SignedInUser | undefined,
  url: string,
  minPosition?: number,
) =>
  app.inject({
    url:
      minPosition === undefined
        ? url
        : `${url}${url.includes('?') ? '&' : '?'}minPosition=${minPosition}`,
    headers: user ? bearer(user.accessToken) : {},
  });

/** A gateway with the brand categories and three users: a seller, a buyer and an admin. */
export interface SeededMarket extends TestApp {
  /** Log position of the last category created. */
  seeded: number;
  seller: SignedInUser;
  buyer: SignedInUser;
  admin: SignedInUser;
}

/** The set-up most route tests share: `buildTestApp`, the categories, and their three callers. */
export async function buildSeededMarket(
  names: { seller?: string; buyer?: string } = {},
): Promise<SeededMarket> {
  const adminEmail = uniqueEmail('admin');
  const t = await buildTestApp({ ADMIN_EMAILS: adminEmail });
  const seeded = await seedCategories(t.app);
  const [seller, buyer, admin] = await Promise.all([
    registerUser(t.app, 'seller', names.seller === undefined ? {} : { name: names.seller }),
    registerUser(t.app, 'buyer', names.buyer === undefined ? {} : { name: names.buyer }),
    registerUser(t.app, 'buyer', { email: adminEmail }),
  ]);
  return { ...t, seeded, seller, buyer, admin };
}

/**
 * Listens to a read model's change notices (and key), as the gateway receives them, from now on.
 * `until` resolves with the first that satisfies a condition: a notice of an earlier command may
 * arrive after the read models' checkpoint showed its position (the projection thread commits,
 * then the main thread publishes), so "the next notice" is not always the one awaited.
 */
export async function changeNotices(t: TestApp, topic: string) {
  const seen: ReadModelChange[] = [];
  let arrived = (): void => {};
  const stop = await t.app.readModels.pubsub.subscribe(topic, (payload) => {
    seen.push(payload as ReadModelChange);
    arrived();
  });
  return {
    async until(wanted: (change: ReadModelChange) => boolean): Promise<ReadModelChange> {
      try {
        for (;;) {
          const found = seen.find(wanted);
          if (found) return found;
          await new Promise<void>((resolve) => (arrived = resolve));
        }
      } finally {
        await stop();
      }
    },
  };
}
