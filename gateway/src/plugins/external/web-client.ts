import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { helmetHeaders, webClientPolicy } from './security.ts';

/** The first segment of a route's path: 'users' for /users/admin/:email, '' for /. */
const firstSegment = (url: string): string => url.split('?')[0]!.split('/')[1] ?? '';

/**
 * The first path segments of every route registered on `app` from now on, as they are
 * registered: the API's own (registered before the web client), which the client's routes must
 * never answer for.
 */
export function routeSegments(app: FastifyInstance): ReadonlySet<string> {
  const segments = new Set<string>();
  app.addHook('onRoute', (route) => {
    segments.add(firstSegment(route.url));
  });
  return segments;
}

export interface WebClientOptions {
  /** The built client: index.html and assets/ (WEB_CLIENT_DIR). */
  readonly root: string;
  /** First segments of the API's paths, which the client's routes never shadow. */
  readonly apiSegments: ReadonlySet<string>;
}

/**
 * The built web client on the API's origin (WEB_CLIENT_DIR): every file of the build at its path,
 * hashed assets (assets/) cached for a year, everything else (index.html) revalidated each time;
 * and index.html for any other GET whose path is not the API's and names no file, so that the
 * client's router shows its routes (/category/samsung, /dashboard/allusers, ...) and its own
 * 'No Data Found' page. A path under an API route, or a missing file, stays a JSON 404.
 *
 * The page gets its own security headers (webClientPolicy); every other answer keeps the API's.
 * Registered after the API's routes (see routeSegments), in its own context.
 */
export default async function webClient(
  app: FastifyInstance,
  options: WebClientOptions,
): Promise<void> {
  const apiSegments = new Set(options.apiSegments);
  const assets = path.join(options.root, 'assets') + path.sep;
  const pageHeaders = helmetHeaders(webClientPolicy(app.config));
  await app.register(fastifyStatic, {
    root: options.root,
    // One route per file of the build, found at start: nothing else is looked up on disk.
    wildcard: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(assets);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (filePath.endsWith('.html')) reply.headers(pageHeaders);
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (apiSegments.has(firstSegment(pathname)) || path.extname(pathname) !== '')
      return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
