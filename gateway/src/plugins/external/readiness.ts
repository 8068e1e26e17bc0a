import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What one adapter reports about itself; `ok: false` makes /readyz answer 503. */
export interface ReadinessReport {
  ok: boolean;
  [detail: string]: unknown;
}
export type ReadinessCheck = () => Promise<ReadinessReport>;

/** A registry where each adapter plugin adds the check /readyz runs. */
async function readiness(app: FastifyInstance): Promise<void> {
  app.decorate('readinessChecks', new Map<string, ReadinessCheck>());
}

declare module 'fastify' {
  interface FastifyInstance {
    readinessChecks: Map<string, ReadinessCheck>;
  }
}

export default fp(readiness, { name: 'readiness' });
