import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type * as GraphQL from 'graphql';

const require = createRequire(import.meta.url);
// Mercurius's schema is made by the CommonJS graphql (see index.ts).
const { introspectionFromSchema } = require('graphql') as typeof GraphQL;
const packageDir = (name: string): string => path.dirname(require.resolve(`${name}/package.json`));

/** The page and its start script, kept next to this file. */
const pageDir = fileURLToPath(new URL('./graphiql/', import.meta.url));

/**
 * Every file the page loads, under /graphiql/, and the folder it is served from: the page's own,
 * and the built browser bundles the graphiql and react packages ship. GraphiQL 4's bundle (its
 * last with one, graphql-ws inside) runs on React 18's, the last React with such bundles: the
 * gateway's react is 18, whatever the web client's is. (Looked up when GraphiQL is served: never
 * in production.)
 */
const assetsOfPage = (): Map<string, string> =>
  new Map([
    ['start.js', pageDir],
    ['page.css', pageDir],
    ['graphiql.min.js', packageDir('graphiql')],
    ['graphiql.min.css', packageDir('graphiql')],
    ['react.production.min.js', path.join(packageDir('react'), 'umd')],
    ['react-dom.production.min.js', path.join(packageDir('react-dom'), 'umd')],
  ]);

/**
 * GraphiQL at /graphiql, served whole by the gateway: Mercurius's own page loads React and
 * GraphiQL from a CDN at every visit (blank without the internet), and has no option to load them
 * from elsewhere. One route per file: nothing else of those packages is served.
 *
 * The page gets the schema from /graphiql/schema.json instead of asking /graphql: the introspection
 * query GraphiQL sends is 15 levels deep, past the depth limit every query gets.
 */
export default async function graphiql(app: FastifyInstance): Promise<void> {
  const assets = assetsOfPage();
  for (const [file, dir] of assets)
    if (!existsSync(path.join(dir, file)))
      throw new Error(`GraphiQL: ${path.join(dir, file)} is missing (npm install?)`);

  // sendFile with ETag and Last-Modified; this plugin's routes only.
  await app.register(fastifyStatic, { root: pageDir, serve: false });
  for (const [file, dir] of assets)
    app.get(`/graphiql/${file}`, (_request, reply) => reply.sendFile(file, dir));
  let introspection: string | undefined;
  app.get('/graphiql/schema.json', (_request, reply) => {
    introspection ??= JSON.stringify(introspectionFromSchema(app.graphql.schema));
    return reply.type('application/json; charset=utf-8').send(introspection);
  });
  app.get('/graphiql', (request, reply) => {
    // The page's links are relative to /graphiql.
    if (request.url.split('?')[0]!.endsWith('/')) return reply.redirect('../graphiql');
    return reply.sendFile('index.html');
  });
}
