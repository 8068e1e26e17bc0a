import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';

/** Makes the validated configuration available as `app.config`. */
async function config(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  app.decorate('config', options.config);
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export default fp(config, { name: 'config' });
