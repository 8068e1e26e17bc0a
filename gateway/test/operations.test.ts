import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortRun } from '../../infra/src/ports.ts';
import { ConfigError, configProblems, loadConfig } from '../src/config.ts';
import {
  authEmulatorHost,
  bearer,
  buildTestApp,
  listingOf,
  registerUser,
  signUpWithFirebase,
  type TestApp,
} from './helper.ts';

describe('configuration', () => {
  it('refuses the Auth emulator in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        ACCESS_TOKEN_SECRET: 'x'.repeat(40),
      }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST must not be set in production/);
  });

  it('wants a shared access-token secret in production and the distributed profile', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' })).toThrow(
      /ACCESS_TOKEN_SECRET/,
    );
  });

  it('names the invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ACCESS_TOKEN_SECRET: 'short' })).toThrow(/ACCESS_TOKEN_SECRET/);
  });

  it('reports every invalid setting at once, each once, with its value and what it takes', () => {
    const dataDir = path.join(tmpdir(), `never-made-${randomUUID()}`);
    let thrown: unknown;
    try {
      loadConfig({
        LOG_LEVEL: 'loud',
        PORT: 'abc',
        ACCESS_TOKEN_SECRET: 'short',
        DATA_DIR: dataDir,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).problems).toEqual([
      'PORT=abc must be a port number 0-65535',
      'ACCESS_TOKEN_SECRET must be at least 32 characters',
      'LOG_LEVEL=loud is not one of fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('configProblems checks a configuration without making its data folder or secret', () => {
    const dataDir = path.join(tmpdir(), `never-made-${randomUUID()}`);
    expect(configProblems({ DATA_DIR: dataDir, PORT: '5001' })).toEqual([]);
    expect(configProblems({ DATA_DIR: dataDir, RATE_LIMIT_WRITES: '0' })).toEqual([
      'RATE_LIMIT_WRITES=0 must be a whole number of at least 1',
    ]);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('applies the defaults', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-config-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAILS: ' Boss@Example.test ,' });
      expect(config).toMatchObject({
        PORT: 5000,
        HOST: '127.0.0.1',
        FIREBASE_PROJECT_ID: 'demo-resale',
        WEB_ORIGIN: ['http://127.0.0.1:3000'],
        PUBLIC_URL: 'http://127.0.0.1:5000',
        ADMIN_EMAILS: ['boss@example.test'],
        distributed: false,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('generates the embedded access-token secret once and keeps it private in the data folder', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-config-'));
    try {
      const first = loadConfig({ DATA_DIR: dataDir }).ACCESS_TOKEN_SECRET;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadConfig({ DATA_DIR: dataDir }).ACCESS_TOKEN_SECRET).toBe(first);
      expect(statSync(path.join(dataDir, 'access-token-secret')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('HTTP hygiene', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ WEB_ORIGIN: 'http://127.0.0.1:3000' });
  });
  afterAll(() => t.close());

  it('sends the security headers of an API on every answer, also on errors', async () => {
    for (const url of ['/categories', '/singlecategories/nokia', '/no-such-route']) {
      const response = await t.app.inject({ url });
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'strict-transport-security': expect.stringContaining('max-age='),
        'content-security-policy': "default-src 'none';frame-ancestors 'none';img-src 'self'",
        'referrer-policy': 'no-referrer',
      });
      // Headers for HTML documents only are not sent with JSON.
      expect(response.headers['x-xss-protection']).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    }
    // The HTML tools keep helmet's document headers, without the API's CSP.
    const docs = await t.app.inject({ url: '/docs' });
    expect(docs.headers['content-security-policy']).toBeUndefined();
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('allows CORS from the web origin only', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/bookings',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
    const allowed = await preflight('http://127.0.0.1:3000');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/Idempotency-Key/i);
    const foreign = await preflight('http://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it("keeps a sane X-Request-Id, echoes it and records it as the events' correlation id", async () => {
    const seller = await registerUser(t.app, 'seller');
    const response = await t.app.inject({
      method: 'POST',
      url: '/myProducts',
      headers: { ...bearer(seller.accessToken), 'x-request-id': 'trace-42' },
      payload: listingOf(seller),
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-request-id']).toBe('trace-42');
    const [listed] = await t.app.eventStore.readStream(`product-${response.json().insertedId}`);
    expect(listed?.metadata).toMatchObject({
      correlationId: 'trace-42',
      actorUid: seller.uid,
      actorEmail: seller.email,
    });
    const generated = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('documents the API as OpenAPI at /docs, with the route schemas and bearer security', async () => {
    expect((await t.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
    const spec = (await t.app.inject({ url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>;
    }>();
    expect(spec.paths['/bookings']?.post?.security).toEqual([{ accessToken: [] }]);
    expect(spec.paths['/bookings']?.post?.requestBody).toBeDefined();
    expect(spec.paths['/jwt']?.get?.security).toEqual([{ firebaseIdToken: [] }]);
    expect(spec.paths['/categories']?.get?.security).toBeUndefined();
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_SIGN_IN: '2', RATE_LIMIT_WRITES: '1' });
  });
  afterAll(() => t.close());

  it('rate-limits sign-in calls with 429 and Retry-After', async () => {
    const account = await signUpWithFirebase();
    const call = () =>
      t.app.inject({ url: `/jwt?email=${account.email}`, headers: bearer(account.idToken) });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  });

  it('rate-limits writes', async () => {
    const call = () => t.app.inject({ method: 'PUT', url: '/allProducts/some-product' });
    expect((await call()).statusCode).toBe(401);
    expect((await call()).statusCode).toBe(429);
  });
});

describe('failures inside the gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answer 500 without revealing anything', async () => {
    const account = await signUpWithFirebase();
    // The event log is gone (disk failure, say): the command cannot be decided.
    await t.app.eventStore.close();
    const response = await t.app.inject({
      method: 'POST',
      url: '/users',
      headers: bearer(account.idToken),
      payload: { name: 'Al', email: account.email, role: 'buyer' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side',
    });
  });
});

describe('server.ts', () => {
  it('finishes in-flight requests on SIGTERM, then exits', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-server-'));
    const port = await freePortRun(1);
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Server listening')) resolve();
        });
        server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        server.once('exit', () => reject(new Error(`server exited:\n${output}`)));
      });
      expect(output).toMatch(/"reqId"|"msg":"Server listening/);
      // A read that waits (up to 2 s) for a position the log has not reached: still in flight...
      const url = '/categories?minPosition=1000000';
      const arrived = new Promise<void>((resolve) =>
        server.stdout.on('data', () => output.includes(`"url":"${url}"`) && resolve()),
      );
      const inFlight = fetch(`http://127.0.0.1:${port}${url}`);
      await arrived;
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      // ... when the server is told to stop: it answers it, then exits cleanly.
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(response.headers.get('x-read-models-behind')).toBe('true');
      expect(await exited).toBe(0);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
