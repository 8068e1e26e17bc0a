import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import serviceApp, { serverOptions } from './app.ts';
import type { AppConfig } from './config.ts';
import { tuneRuntime } from './runtime-tuning.ts';

export interface StartServerOptions {
  /** Where to listen; the configuration's HOST and PORT by default (port 0 picks a free one). */
  readonly host?: string;
  readonly port?: number;
  /** Whether to apply runtime-tuning.ts (default true; the benchmark measures it off too). */
  readonly tuneRuntime?: boolean;
  /** Runs once the app is ready and before it listens (the benchmark starts its relay here). */
  readonly beforeListen?: (app: FastifyInstance) => Promise<void>;
}

export interface StartedServer {
  readonly app: FastifyInstance;
  /** http://host:port it listens on. */
  readonly url: string;
}

/**
 * The gateway as every script runs it (`gateway serve`, `npm start`, the distributed profile's
 * gateway processes and the benchmark): the process's runtime tuning, the app on Fastify with
 * its server options and timeouts, listening. `app.close()` stops it.
 */
export async function startServer(
  config: AppConfig,
  options: StartServerOptions = {},
): Promise<StartedServer> {
  if (options.tuneRuntime !== false) tuneRuntime();
  const app = Fastify({
    ...serverOptions(config),
    connectionTimeout: 30_000,
    keepAliveTimeout: 5_000,
    requestTimeout: 30_000,
  });
  try {
    await app.register(fp(serviceApp), { config });
    await app.ready();
    await options.beforeListen?.(app);
    const url = await app.listen({
      host: options.host ?? config.HOST,
      port: options.port ?? config.PORT,
    });
    return { app, url };
  } catch (error) {
    await app.close();
    throw error;
  }
}
