import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './start-server.ts';

// `gateway serve`: the gateway alone, configured by its environment, closed gracefully on SIGINT
// or SIGTERM.
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

let app: FastifyInstance;
try {
  ({ app } = await startServer(config));
} catch (error) {
  console.error('The gateway could not start:', error);
  process.exit(1);
}

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
