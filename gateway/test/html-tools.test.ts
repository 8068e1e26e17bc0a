import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

// /graphiql and /docs must work without the internet: every script, style sheet and icon they
// load comes from the gateway. (html-tools.browser.test.ts runs both in Chromium, offline.)

const origin = 'http://localhost';

/** The URLs of a page's script, link and img tags. */
const assetUrlsOf = (html: string): string[] =>
  [...html.matchAll(/<(?:script|link|img)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map(
    (match) => match[1]!,
  );

/** Addresses of the CDNs such pages usually load from. */
const cdnHosts =
  /\b(?:unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com|esm\.sh|cdn\.skypack\.dev|fonts\.googleapis\.com|fonts\.gstatic\.com)\b/;

describe('the HTML tools load nothing from other hosts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Loads a page and each of its assets, as a browser at `origin` would. */
  async function pageWithAssets(path: string) {
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const urls = assetUrlsOf(page.body).map((url) => new URL(url, `${origin}${path}`));
    const assets = await Promise.all(
      urls.map(async (url) => ({
        url: url.href,
        answer: await t.app.inject({ url: `${url.pathname}${url.search}` }),
      })),
    );
    return { page, urls, assets };
  }

  it.each(['/graphiql', '/docs'])(
    '%s: its script and link tags point at the gateway, and each answers',
    async (path) => {
      const { urls, assets } = await pageWithAssets(path);
      expect(urls.length).toBeGreaterThanOrEqual(3);
      expect(urls.filter((url) => url.origin !== origin).map(String)).toEqual([]);
      for (const { url, answer } of assets) expect([url, answer.statusCode]).toEqual([url, 200]);
    },
  );

  it.each(['/graphiql', '/docs'])(
    '%s: its scripts name no CDN, its style sheets import nothing from elsewhere',
    async (path) => {
      const { assets } = await pageWithAssets(path);
      for (const { url, answer } of assets) {
        expect([url, cdnHosts.exec(answer.body)?.[0]]).toEqual([url, undefined]);
        if (answer.headers['content-type']?.toString().startsWith('text/css'))
          expect([
            url,
            /(?:url\(|@import)\s*["']?(?:https?:)?\/\//i.exec(answer.body)?.[0],
          ]).toEqual([url, undefined]);
      }
    },
  );

  it("GraphiQL's page script starts GraphiQL on this gateway's /graphql with the served schema", async () => {
    const script = await t.app.inject({ url: '/graphiql/start.js' });
    expect(script.body).toContain("new URL('graphql', window.location.href)");
    const schema = await t.app.inject({ url: '/graphiql/schema.json' });
    expect(schema.statusCode).toBe(200);
    expect(schema.json<{ __schema: { queryType: { name: string } } }>().__schema.queryType).toEqual(
      { name: 'Query', kind: 'OBJECT' },
    );
  });

  it('serves only the files the page loads, none else of the packages they come from', async () => {
    for (const url of [
      '/graphiql/package.json',
      '/graphiql/index.html',
      '/graphiql/graphiql.js',
      '/graphiql/react.development.js',
      '/graphiql/../package.json',
      '/graphiql/%2e%2e/package.json',
    ])
      expect([url, (await t.app.inject({ url })).statusCode]).toEqual([url, 404]);
  });

  it('/graphiql/ leads to /graphiql, the address its relative links are made for', async () => {
    const answer = await t.app.inject({ url: '/graphiql/' });
    expect(answer.statusCode).toBe(302);
    expect(new URL(answer.headers.location!, `${origin}/graphiql/`).pathname).toBe('/graphiql');
  });
});

describe('GraphiQL in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      ACCESS_TOKEN_SECRET: 'a-production-secret-of-at-least-32-characters',
    });
  });
  afterAll(() => t.close());

  it('is not served, nor its assets, nor the schema', async () => {
    for (const url of ['/graphiql', '/graphiql/graphiql.min.js', '/graphiql/schema.json'])
      expect([url, (await t.app.inject({ url })).statusCode]).toEqual([url, 404]);
  });
});
