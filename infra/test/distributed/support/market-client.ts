import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/*
 * A client of the marketplace over HTTP and graphql-ws, as the web client talks to it, aimed at
 * any gateway of the distributed stack.
 */

export interface Member {
  readonly email: string;
  readonly name: string;
  readonly idToken: string;
  /** The gateway's access token: every gateway accepts any gateway's tokens. */
  readonly accessToken: string;
}

const identityToolkit = (authEmulator: string, method: string): string =>
  `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=distributed-suite`;

async function firebaseIdToken(
  authEmulator: string,
  method: string,
  email: string,
  password: string,
) {
  const response = await fetch(identityToolkit(authEmulator, method), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!body.idToken) throw new Error(`Auth emulator ${method} of ${email}: ${body.error?.message}`);
  return body.idToken;
}

export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: T;
}

/** One request to a gateway; the body is parsed when it is JSON. */
export async function call<T = unknown>(
  gateway: string,
  path: string,
  options: { token?: string; method?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${gateway}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json');
  return { status: response.status, body: (json ? JSON.parse(text) : text) as T };
}

async function accessTokenAt(gateway: string, email: string, idToken: string): Promise<string> {
  const answer = await call<{ accessToken: string }>(
    gateway,
    `/jwt?email=${encodeURIComponent(email)}`,
    { token: idToken },
  );
  if (answer.status !== 200)
    throw new Error(`GET /jwt: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.accessToken;
}

/** Signs an existing account (a demo one) in, through `gateway`. */
export async function signIn(
  authEmulator: string,
  gateway: string,
  account: { email: string; name: string; password: string },
): Promise<Member> {
  const idToken = await firebaseIdToken(
    authEmulator,
    'signInWithPassword',
    account.email,
    account.password,
  );
  return { ...account, idToken, accessToken: await accessTokenAt(gateway, account.email, idToken) };
}

/** Signs a new buyer up as the web client does (Firebase account, POST /users, GET /jwt). */
export async function signUpBuyer(
  authEmulator: string,
  gateway: string,
  label: string,
): Promise<Member> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const name = `Buyer ${label}`;
  const idToken = await firebaseIdToken(authEmulator, 'signUp', email, 'distributed-password');
  const saved = await call(gateway, '/users', {
    token: idToken,
    body: { name, email, role: 'buyer' },
  });
  if (saved.status !== 201)
    throw new Error(`POST /users: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { email, name, idToken, accessToken: await accessTokenAt(gateway, email, idToken) };
}

/** A listing as the add-product form sends it. */
export const listingBy = (seller: Member, productName: string) => ({
  productName,
  sellerName: seller.name,
  condition: 'Good',
  email: seller.email,
  Brand: 'Samsung',
  // The image's name: each gateway accepts it, whatever its PUBLIC_URL (a URL must be its own).
  picture: '00000000-0000-4000-8000-000000000000.png',
  address: 'Dhaka',
  about: 'Listed by the distributed suite',
  sellerEmail: seller.email,
  phone: '+8801700000000',
  buyingPrice: 900,
  sellingPrice: 600,
  year: 1,
});

/** Lists a product through `gateway`; answers its id. */
export async function listProduct(
  gateway: string,
  seller: Member,
  productName: string,
): Promise<string> {
  const answer = await call<{ insertedId: string }>(gateway, '/myProducts', {
    token: seller.accessToken,
    body: listingBy(seller, productName),
  });
  if (answer.status !== 201)
    throw new Error(`POST /myProducts: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.insertedId;
}

/** A booking as the booking modal sends it. */
export const bookingBy = (buyer: Member, productId: string) => ({
  productId,
  Brand: 'Samsung',
  buyerName: buyer.name,
  email: buyer.email,
  phone: '+8801800000000',
  address: 'Chattogram',
  sellingPrice: 600,
});

export const book = (gateway: string, buyer: Member, productId: string) =>
  call<{ insertedId?: string; message?: string }>(gateway, '/bookings', {
    token: buyer.accessToken,
    body: bookingBy(buyer, productId),
  });

export interface Change {
  readonly topic: string;
  readonly position: number;
  readonly ids: readonly string[];
}

/** A live subscription, with every id it has been told about. */
export interface Subscription {
  readonly seen: Set<string>;
  /** Resolves once an update has named `id`. */
  until(id: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Subscribes as the web client does and resolves once the subscription is live. */
export async function subscribe(
  gateway: string,
  origin: string,
  token: string,
  query: string,
): Promise<Subscription> {
  const client: Client = createClient({
    url: `${gateway.replace(/^http/, 'ws')}/graphql`,
    // A browser sends its page's origin; the gateway accepts the web client's.
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { origin });
      }
    },
    connectionParams: { authorization: `Bearer ${token}` },
    // Keeps reconnecting through gateway or Redis restarts, as the web client does.
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: () => new Promise((resolve) => setTimeout(resolve, 200)),
  });
  const seen = new Set<string>();
  const waiters = new Map<string, () => void>();
  await new Promise<void>((resolve, reject) => {
    let live = false;
    client.subscribe<Record<string, Change>>(
      { query },
      {
        next: (result) => {
          // The first message answers `after: 0`: the subscription is live from here on.
          if (!live) {
            live = true;
            resolve();
          }
          const change = result.data ? Object.values(result.data)[0] : undefined;
          for (const id of change?.ids ?? []) {
            seen.add(id);
            waiters.get(id)?.();
          }
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => {
          if (!live) reject(new Error('The subscription ended before it was live'));
        },
      },
    );
  });
  return {
    seen,
    until: (id, timeoutMs = 15_000) =>
      seen.has(id)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`No live update named ${id} within ${timeoutMs} ms`)),
              timeoutMs,
            );
            waiters.set(id, () => {
              clearTimeout(timer);
              resolve();
            });
          }),
    close: async () => {
      await client.dispose();
    },
  };
}

/**
 * Polls `probe` until it answers true: for outcomes no message announces (jobs taken over from a
 * killed worker are applied again without a change to announce).
 */
export async function eventually(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
