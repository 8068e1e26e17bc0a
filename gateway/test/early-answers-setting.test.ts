import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import serviceApp, { serverOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { requestHooksOf } from '../src/plugins/app/answer-cache.ts';
import { authEmulatorHost, buildTestApp } from './helper.ts';

const webOrigin = 'http://127.0.0.1:3000';

interface Gateway {
  app: FastifyInstance;
  /** The app's log lines, parsed. */
  logs: Record<string, unknown>[];
}

const built: { app: FastifyInstance; dataDir: string }[] = [];
afterEach(async () => {
  for (const { app, dataDir } of built.splice(0)) {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * A gateway as server.ts builds it (Fastify with serverOptions, serviceApp through fastify-plugin),
 * with what an embedder adds to the app before and after registering it; not ready yet.
 */
async function gateway(
  env: Record<string, string>,
  around: { before?: (app: FastifyInstance) => void; after?: (app: FastifyInstance) => void } = {},
): Promise<Gateway> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-early-answers-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    ...env,
  });
  const logs: Record<string, unknown>[] = [];
  const options = serverOptions(config);
  const app = Fastify({
    ...options,
    logger: {
      ...(options.logger as object),
      stream: {
        write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>),
      },
    },
  });
  built.push({ app, dataDir });
  around.before?.(app);
  await app.register(fp(serviceApp), { config });
  around.after?.(app);
  return { app, logs };
}

/** Listens, then sends `times` GETs of `url`; answers how many reached the app's route. */
async function readRepeatedly(
  app: FastifyInstance,
  url: string,
  times: number,
  headers: Record<string, string> = {},
): Promise<{ appAnswers: number; bodies: string[] }> {
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const send = vi.spyOn(app.answerCache, 'send');
  try {
    const bodies: string[] = [];
    for (let index = 0; index < times; index++) {
      const response = await fetch(`${base}${url}`, { headers: { origin: webOrigin, ...headers } });
      expect(response.status).toBe(200);
      bodies.push(await response.text());
    }
    return { appAnswers: send.mock.calls.length, bodies };
  } finally {
    send.mockRestore();
  }
}

describe('EARLY_ANSWERS (cached answers sent in Node’s request event, before Fastify’s hooks)', () => {
  it('is on by default and takes only on or off', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).EARLY_ANSWERS).toBe('on');
    expect(loadConfig({ NODE_ENV: 'test', EARLY_ANSWERS: 'off' }).EARLY_ANSWERS).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'test', EARLY_ANSWERS: 'yes' })).toThrow(/EARLY_ANSWERS/);
  });

  it('off: a hook registered on the app after the gateway sees every GET, each answered by the app', async () => {
    const audited: string[] = [];
    const { app } = await gateway(
      { EARLY_ANSWERS: 'off' },
      {
        after: (app) =>
          app.addHook('onRequest', function audit(request, _reply, done) {
            audited.push(`${request.method} ${request.url}`);
            done();
          }),
      },
    );
    const { appAnswers, bodies } = await readRepeatedly(app, '/categories', 5);
    expect(appAnswers).toBe(5);
    expect(new Set(bodies).size).toBe(1);
    expect(audited).toEqual(Array<string>(5).fill('GET /categories'));
  });

  it('on: the gateway refuses to start beside a request hook registered on the app after it', async () => {
    const { app } = await gateway(
      { EARLY_ANSWERS: 'on' },
      {
        after: (app) =>
          app.addHook('onRequest', function killSwitch(_request, _reply, done) {
            done();
          }),
      },
    );
    await expect(app.ready()).rejects.toThrow(/EARLY_ANSWERS=off/);
    await expect(app.ready()).rejects.toThrow(/onRequest killSwitch/);
  });

  it('on: so it does beside one registered before it, and beside any request hook', async () => {
    const audit = async (): Promise<void> => {};
    for (const name of ['onRequest', 'preHandler', 'onSend', 'onResponse'] as const) {
      const { app } = await gateway(
        { EARLY_ANSWERS: 'on' },
        { before: (app) => app.addHook(name, audit as never) },
      );
      await expect(app.ready()).rejects.toThrow(new RegExp(`EARLY_ANSWERS=on .* ${name} audit`));
    }
    // Through listen(), as server.ts starts the gateway: nothing listens.
    const { app } = await gateway(
      { EARLY_ANSWERS: 'on' },
      { after: (app) => app.addHook('preValidation', audit) },
    );
    await expect(app.listen({ host: '127.0.0.1', port: 0 })).rejects.toThrow(/EARLY_ANSWERS=off/);
    expect(app.server.listening).toBe(false);
  });

  it("on: a hook of another plugin's own routes does not stop it (it never meets early answers)", async () => {
    const seen: string[] = [];
    const { app } = await gateway(
      { EARLY_ANSWERS: 'on' },
      {
        after: (app) =>
          void app.register(async (other) => {
            other.addHook('onRequest', async (request) => void seen.push(request.url));
            other.get('/other', async () => ({ other: true }));
          }),
      },
    );
    await app.ready();
    // The app makes the first answer, the repeats are answered early.
    const { appAnswers } = await readRepeatedly(app, '/categories', 3);
    expect(appAnswers).toBe(1);
    expect((await app.inject('/other')).json()).toEqual({ other: true });
    expect(seen).toEqual(['/other']);
  });

  it("the gateway's own request hooks are the ones early answers reproduce (review answer-cache.ts before adding one)", async () => {
    const t = await buildTestApp({ EARLY_ANSWERS: 'on' });
    try {
      const own = [...(requestHooksOf(t.app) ?? [])].map(([hook, name]) => `${name} ${hook.name}`);
      // Security headers, CORS, the request id, then @fastify/websocket's two (upgrades only).
      expect(own).toEqual([
        'onRequest ',
        'onRequest handleCors',
        'onRequest ',
        'onRequest ',
        'onResponse ',
      ]);
    } finally {
      await t.close();
    }
  });

  it('LOG_LEVEL does not switch it: at info the repeats are answered early, and logged as the app does', async () => {
    const { app, logs } = await gateway({ EARLY_ANSWERS: 'on', LOG_LEVEL: 'info' });
    await app.ready();
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const read = async (id: string): Promise<string> => {
      const response = await fetch(`${base}/categories`, {
        headers: { origin: webOrigin, 'x-request-id': id },
      });
      expect(response.headers.get('x-request-id')).toBe(id);
      return response.text();
    };
    await read('by-app-1');
    await read('by-app-2');
    const send = vi.spyOn(app.answerCache, 'send');
    try {
      expect(await read('early')).toBe(await read('early-again'));
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
    const linesOf = (id: string) => logs.filter((line) => line['reqId'] === id);
    const shape = (id: string) =>
      linesOf(id).map(({ level, msg, req, res, responseTime }) => ({
        level,
        msg,
        req: req && {
          ...(req as object),
          remotePort: typeof (req as { remotePort: unknown }).remotePort,
        },
        res,
        responseTime: typeof responseTime,
      }));
    const logged = shape('early');
    expect(logged.map(({ msg }) => msg)).toEqual(['incoming request', 'request completed']);
    expect(logged).toEqual(shape('by-app-1'));
    expect(logged[0]?.req).toMatchObject({ method: 'GET', url: '/categories' });
    expect(logged[1]?.res).toEqual({ statusCode: 200 });
  });

  it('LOG_LEVEL does not switch it: off at a level that logs nothing, the app answers every GET', async () => {
    const { app } = await gateway({ EARLY_ANSWERS: 'off', LOG_LEVEL: 'silent' });
    await app.ready();
    expect((await readRepeatedly(app, '/categories', 4)).appAnswers).toBe(4);
  });

  it('LOG_LEVEL does not switch it: on at a level that logs nothing, the repeats are answered early', async () => {
    const { app } = await gateway({ EARLY_ANSWERS: 'on', LOG_LEVEL: 'warn' });
    await app.ready();
    // The app makes and caches the first answer, the repeats are answered early.
    expect((await readRepeatedly(app, '/categories', 4)).appAnswers).toBe(1);
  });
});
