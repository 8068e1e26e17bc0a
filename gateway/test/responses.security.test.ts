import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configProblems, loadConfig, SECRET_MIN_BITS } from '../src/config.ts';
import { SIGNED_IN_CACHE_CONTROL } from '../src/plugins/external/security.ts';
import {
  bearer,
  buildTestApp,
  registerUser,
  seedCategories,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

describe('signed-in answers are kept by no cache', () => {
  let t: TestApp;
  let buyer: SignedInUser;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedCategories(t.app);
    buyer = await registerUser(t.app, 'buyer');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  const bookings = () => `/bookings?email=${encodeURIComponent(buyer.email)}`;

  it('REST and GraphQL answers to a caller with a token: Cache-Control: private, no-store', async () => {
    const answers = [
      await t.app.inject({ url: bookings(), headers: bearer(buyer.accessToken) }),
      await t.app.inject({ url: '/categories', headers: bearer(buyer.accessToken) }),
      await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: bearer(buyer.accessToken),
        payload: { query: '{ me { email } }' },
      }),
      // A refusal too: it may say who the caller is not.
      await t.app.inject({ url: '/users', headers: bearer(buyer.accessToken) }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 403]);
    for (const answer of answers)
      expect(answer.headers['cache-control']).toBe(SIGNED_IN_CACHE_CONTROL);
    const anonymous = await t.app.inject({ url: '/categories' });
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });

  it('answers given early from the answer cache carry it too, for a token alone', async () => {
    const read = async (headers: Record<string, string>) => {
      const response = await fetch(`${base}${bookings()}`, { headers });
      await response.arrayBuffer();
      return response;
    };
    // The first is the app's, the second is answered early from what the first cached.
    for (let i = 0; i < 3; i += 1) {
      const response = await read(bearer(buyer.accessToken));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe(SIGNED_IN_CACHE_CONTROL);
    }
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${base}/categories`);
      await response.arrayBuffer();
      expect(response.headers.get('cache-control')).toBeNull();
    }
  });
});

describe('an oversize body', () => {
  let t: TestApp;
  let seller: SignedInUser;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    seller = await registerUser(t.app, 'seller');
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    port = Number(address.port);
  });
  afterAll(() => t.close());

  /** Sends the whole body through node:http, as a phone would, and reads what comes back. */
  const send = (body: Buffer, headers: Record<string, string | number>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/myProducts', headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          response.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });

  it.each([
    ['with its length declared', true],
    ['sent in chunks', false],
  ])('of 50 MB with a valid token, %s, gets a readable 413 in JSON', async (_kind, declared) => {
    const body = Buffer.alloc(50 * 1024 * 1024, 'x');
    const answer = await send(body, {
      ...bearer(seller.accessToken),
      'content-type': 'application/json',
      ...(declared ? { 'content-length': body.length } : {}),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request body is too large',
    });
  });
});

describe('production secrets', () => {
  const production = (secret: string) => ({
    NODE_ENV: 'production',
    DATA_DIR: 'unused',
    ACCESS_TOKEN_SECRET: secret,
  });

  it.each([
    ['one character repeated', 'a'.repeat(40)],
    ['a repeated word', 'changeme-changeme-changeme-changeme-changeme'],
    ['a counted sequence', '0123456789'.repeat(4)],
  ])('refuses %s, with a message that does not print it', (_kind, secret) => {
    const problems = configProblems(production(secret));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^ACCESS_TOKEN_SECRET is too easy to guess \\(about \\d+ bits of entropy, at least ${SECRET_MIN_BITS} in production\\): make one with openssl rand -base64 48$`,
      ),
    );
    expect(problems[0]).not.toContain(secret);
    expect(() => loadConfig(production(secret))).toThrow(ConfigError);
  });

  it('takes random secrets (openssl rand -base64 48, or 32 hex digits)', () => {
    // 32 random hex digits that repeat a few: the uncorrected measure scored them 85 bits.
    expect(configProblems(production('0e27ee27eef414e7e888475e4417128e'))).toEqual([]);
    for (let i = 0; i < 20; i += 1) {
      expect(configProblems(production(randomBytes(48).toString('base64')))).toEqual([]);
      expect(configProblems(production(randomBytes(16).toString('hex')))).toEqual([]);
    }
  });

  it('development takes any secret of 32 characters', () => {
    expect(configProblems({ ACCESS_TOKEN_SECRET: 'a'.repeat(40) })).toEqual([]);
  });
});

describe('the web client served by the gateway (WEB_CLIENT_DIR)', () => {
  // A page of the built client's form; infra/src/web-server.test.ts checks a real build's
  // scripts against the same policy.
  const webDist = mkdtempSync(path.join(tmpdir(), 'gateway-web-'));
  let t: TestApp;
  beforeAll(async () => {
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script type="module" crossorigin src="/assets/index-abc123.js"></script><div id="root"></div>',
    );
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);');
    t = await buildTestApp({ WEB_CLIENT_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("sends the page under the client's policy: no inline scripts, framing denied, nosniff", async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const scriptSources =
      csp
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === 'script-src')
        ?.slice(1) ?? [];
    expect(scriptSources).toContain("'self'");
    expect(scriptSources).not.toContain("'unsafe-inline'");
    const file = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/javascript/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});
