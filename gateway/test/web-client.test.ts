import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configProblems } from '../src/config.ts';
import { buildTestApp } from './helper.ts';
import { buildAppWithRouteCatalog, routeName } from './security/route-catalog.ts';

// A built web client as `npm run -w web build` makes it: index.html, hashed assets, public files.
const dist = mkdtempSync(path.join(tmpdir(), 'gateway-web-client-'));
const page = '<!doctype html><title>Used Product Resale Market</title><div id="root"></div>';
writeFileSync(path.join(dist, 'index.html'), page);
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'index-D4m10vlP.js'), 'console.log("client");');

const t = await buildAppWithRouteCatalog({
  WEB_CLIENT_DIR: dist,
  PUBLIC_URL: 'http://localhost:5000',
  AUTH_EMULATOR_PUBLIC_URL: 'http://localhost:9099',
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html') =>
  t.app.inject({ method: 'GET', url, headers: { accept } });

/** The client's routes of spec section 2, and one it does not have ('No Data Found'). */
const clientRoutes = [
  '/',
  '/login',
  '/signup',
  '/category/samsung',
  '/blogs',
  '/myOrders',
  '/addProduct',
  '/dashboard',
  '/dashboard/allusers',
  '/dashboard/report',
  '/dashboard/sellers',
  '/dashboard/addProduct',
  '/dashboard/myProduct',
  '/no/such/page',
  '/login?from=%2FmyOrders',
];

describe('the web client served by the gateway (WEB_CLIENT_DIR)', () => {
  it.each(clientRoutes)('%s: index.html, never cached', async (url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toBe(page);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it("the page's policy lets it load from here and call the API, its WebSocket and sign-in", async () => {
    const answer = await get('/dashboard');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://apis.google.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const connect = csp.split(';').find((directive) => directive.startsWith('connect-src'));
    expect(connect?.split(' ')).toEqual(
      expect.arrayContaining([
        "'self'",
        'http://localhost:5000',
        'ws://localhost:5000',
        'https://*.googleapis.com',
        'http://localhost:9099',
      ]),
    );
    expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hashed assets: cached for a year, with the right type', async () => {
    const answer = await get('/assets/index-D4m10vlP.js', '*/*');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body).toBe('console.log("client");');
  });

  it('other files of the build: revalidated', async () => {
    const answer = await get('/favicon.svg', 'image/*');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.etag).toBeDefined();
  });

  it('a file the build does not have: a JSON 404, not the page', async () => {
    for (const url of ['/assets/index-old.js', '/robots.txt']) {
      const answer = await get(url, '*/*');
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('only GET and HEAD get the page', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ statusCode: 404 });
  });

  it('the API keeps its answers and headers', async () => {
    const categories = await get('/categories', 'application/json');
    expect(categories.statusCode).toBe(200);
    expect(categories.json()).toEqual([]);
    expect(categories.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await get('/readyz', 'application/json')).json()).toMatchObject({ status: 'ready' });
  });

  // Every API route, and any path under one, stays the API's: an unknown one is a JSON 404.
  const apiRoutes = t.routes.filter(
    (route) =>
      route.method === 'GET' &&
      route.url !== '/*' &&
      route.url !== '/' &&
      !route.url.startsWith('/assets/') &&
      !['/index.html', '/favicon.svg'].includes(route.url),
  );
  it.each(apiRoutes.map((route) => [routeName(route), route.url] as const))(
    '%s is never answered with the page, nor is a path under it',
    async (_name, url) => {
      const concrete = url.replace(/:\w+/g, 'x').replace(/\*$/, 'x');
      for (const candidate of [concrete, `${concrete}/no/such/thing`]) {
        const answer = await get(candidate);
        expect(answer.body, candidate).not.toBe(page);
      }
    },
  );

  it('the catalog holds the API routes (the list above is not empty)', () => {
    expect(apiRoutes.length).toBeGreaterThan(15);
  });
});

describe('without WEB_CLIENT_DIR', () => {
  it('serves no page: / is a JSON 404 as before', async () => {
    const api = await buildTestApp();
    try {
      const answer = await api.app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404 });
    } finally {
      await api.close();
    }
  });
});

describe('WEB_CLIENT_DIR', () => {
  it('must hold a built client: one line saying how to make one', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'gateway-no-client-'));
    try {
      expect(configProblems({ DATA_DIR: empty, WEB_CLIENT_DIR: empty })).toEqual([
        `WEB_CLIENT_DIR=${empty} holds no index.html: build the web client into it (npm run -w web build makes web/dist), or unset WEB_CLIENT_DIR`,
      ]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('AUTH_EMULATOR_PUBLIC_URL must be a URL', () => {
    expect(configProblems({ DATA_DIR: dist, AUTH_EMULATOR_PUBLIC_URL: 'http://' })).toEqual([
      'AUTH_EMULATOR_PUBLIC_URL=http:// must be an http:// or https:// URL',
    ]);
  });
});
