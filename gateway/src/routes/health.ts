import type { FastifyInstance } from 'fastify';
import Type from 'typebox';

const HealthBody = Type.Object({ status: Type.String() });
const ReadyBody = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
  checks: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
});

/** Liveness (the process answers) and readiness (every adapter answers, with projection lag). */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The process is alive',
        response: { 200: HealthBody },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Every adapter is reachable; reports projection lag',
        response: { 200: ReadyBody, 503: ReadyBody },
      },
    },
    async (request, reply) => {
      const checks: Record<string, Record<string, unknown>> = {};
      await Promise.all(
        [...app.readinessChecks].map(async ([name, check]) => {
          try {
            checks[name] = await check();
          } catch (error) {
            request.log.warn({ err: error, check: name }, 'readiness check failed');
            checks[name] = { ok: false, error: 'unreachable' };
          }
        }),
      );
      const ready = Object.values(checks).every((check) => check.ok === true);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
    },
  );
}
