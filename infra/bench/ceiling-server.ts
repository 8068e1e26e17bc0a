// The ceiling: bare Fastify routes that answer the very bytes the gateway answered (its headers,
// as constants, and its body), with nothing else (no schemas, hooks, auth, logging or storage).
// Runs in its own process like the gateway.
// BENCH_CEILING_FILE names a JSON file: [{ method, path, contentType, headers, body }].
//
// BENCH_CEILING_PROTOCOL=api: the same routes inside the gateway's own server options and HTTP
// protocol (its logger, request ids, JSON errors, security headers and CORS; configured from the
// gateway's environment), which sets the headers itself: what every answer of the API costs
// before any route does its work.
import { httpProtocol, loadConfig, serverOptions } from '@resale/gateway';
import configPlugin from '@resale/gateway/plugins/external/config';
import { tuneRuntime } from '@resale/gateway/runtime-tuning';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { readFileSync } from 'node:fs';

interface CeilingRoute {
  method: 'GET' | 'POST';
  path: string;
  contentType: string;
  headers: Record<string, string>;
  body: string;
}

const file = process.env['BENCH_CEILING_FILE'];
if (!file) throw new Error('BENCH_CEILING_FILE is required');
const routes = JSON.parse(readFileSync(file, 'utf8')) as CeilingRoute[];
const withProtocol = process.env['BENCH_CEILING_PROTOCOL'] === 'api';

// The gateway's runtime tuning (gateway/src/runtime-tuning.ts) applies to the bare routes too: the
// ceiling is measured on the same heap settings as the gateway.
tuneRuntime();
const config = withProtocol ? loadConfig(process.env) : undefined;
const app = Fastify({
  ...(config ? serverOptions(config) : { logger: false }),
  keepAliveTimeout: 5_000,
});
if (config)
  await app.register(
    fp(async (api) => {
      await api.register(configPlugin, { config });
      await httpProtocol(api);
    }),
  );
for (const { method, path, contentType, headers, body } of routes)
  app.route({
    method,
    url: path,
    handler: (_request, reply) => reply.headers(headers).type(contentType).send(body),
  });

const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ type: 'listening', url });
process.on('message', (message: { type?: string }) => {
  if (message.type !== 'stop') return;
  void app.close().then(() => process.exit(0));
});
