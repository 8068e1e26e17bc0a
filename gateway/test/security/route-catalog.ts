import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type HTTPMethods, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import serviceApp, { serverOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { authEmulatorHost, type TestApp } from '../helper.ts';

/** One method of one route, as the app registered it. */
export interface CatalogRoute {
  method: HTTPMethods;
  /** Fastify's form: `/myProducts/:productId/advertise`, `/docs/static/*`. */
  url: string;
  /** Names of the path parameters, in order (`*` for a wildcard). */
  params: string[];
  /** Property names of the body schema, when the route declares one. */
  bodyFields: string[];
  /** Property names of the querystring schema, when the route declares one. */
  queryFields: string[];
  auth: string | undefined;
  /** The route's own rate limit (`config.rateLimit`), if it has one. */
  rateLimit: { max: number } | undefined;
}

const propertyNames = (schema: unknown): string[] =>
  Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});

/**
 * A gateway like helper.ts's buildTestApp, plus the list of every route it registered, taken
 * from an onRoute hook in front of the whole app: a route added later cannot escape the suites
 * that walk this list.
 */
export async function buildAppWithRouteCatalog(
  env: Record<string, string> = {},
): Promise<TestApp & { routes: CatalogRoute[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-security-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    RATE_LIMIT_WRITES: '1000000',
    RATE_LIMIT_SIGN_IN: '1000000',
    RATE_LIMIT_READS: '1000000',
    RATE_LIMIT_READS_PER_TOKEN: '1000000',
    ...env,
  });
  const app = Fastify(serverOptions(config));
  const routes: CatalogRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({
        method,
        url: route.url,
        params: [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*'),
        bodyFields: propertyNames(route.schema?.body),
        queryFields: propertyNames(route.schema?.querystring),
        auth: route.config?.auth,
        rateLimit: (route.config as { rateLimit?: { max: number } } | undefined)?.rateLimit,
      });
  });
  await app.register(fp(serviceApp), { config });
  await app.ready();
  return {
    app,
    dataDir,
    routes,
    async close({ keepData = false } = {}) {
      await app.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `GET /bookings` style names, for test titles. */
export const routeName = (route: Pick<CatalogRoute, 'method' | 'url'>): string =>
  `${route.method} ${route.url}`;
