import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helper.ts';
import {
  buildAppWithRouteCatalog,
  routeName,
  type CatalogRoute,
} from './security/route-catalog.ts';

const webOrigin = 'http://127.0.0.1:3000';

describe('CORS for the web client, route by route', () => {
  let t: TestApp & { routes: CatalogRoute[] };

  beforeAll(async () => {
    t = await buildAppWithRouteCatalog({ WEB_ORIGIN: webOrigin });
  });
  afterAll(() => t?.close());

  it('lets the web origin send every method of every API route (a PATCH too)', async () => {
    const api = t.routes.filter(
      (route) =>
        route.method !== 'OPTIONS' &&
        route.method !== 'HEAD' &&
        !/^\/(docs|graphiql)/.test(route.url),
    );
    expect(api.map((route) => route.method)).toContain('PATCH');
    const refused: string[] = [];
    for (const route of api) {
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, 'x').replace('*', 'x');
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: webOrigin,
          'access-control-request-method': route.method,
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
      const methods = String(preflight.headers['access-control-allow-methods'] ?? '').split(',');
      if (
        preflight.headers['access-control-allow-origin'] !== webOrigin ||
        !methods.map((method) => method.trim()).includes(route.method)
      )
        refused.push(routeName(route));
    }
    expect(refused).toEqual([]);
  });
});
