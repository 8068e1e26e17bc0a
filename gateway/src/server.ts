import Fastify from 'fastify';
import fp from 'fastify-plugin';
import serviceApp, { serverOptions } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { limitHeapGrowth } from './v8-heap.ts';
import { settleNextTick } from './v8-next-tick.ts';

limitHeapGrowth();
await settleNextTick();

// Listens, sets timeouts and closes gracefully; everything else is in app.ts.
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = Fastify({
  ...serverOptions(config),
  connectionTimeout: 30_000,
  keepAliveTimeout: 5_000,
  requestTimeout: 30_000,
});
await app.register(fp(serviceApp), { config });

let closing = false;
const shutdown = async (signal: string): Promise<void> => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing: finishing in-flight requests');
  const forced = setTimeout(() => {
    app.log.error('graceful shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  forced.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while closing');
    process.exit(1);
  }
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
