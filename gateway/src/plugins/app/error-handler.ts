import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, toErrorBody } from '../../errors.ts';
import { ErrorBody, ServerErrorBody } from '../../schemas/common.ts';

/**
 * How much of a refused oversize body is read (and dropped) so that its sender can read the 413;
 * past this, or this long, the answer is sent and the connection closed.
 */
export const DRAINED_BODY_MAX_BYTES = 256 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/** Reads the rest of a request's body and drops it; false if it stopped at a bound first. */
function bodyDrained(raw: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (drained: boolean): void => {
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', onEnd);
      raw.removeListener('close', onEnd);
      raw.removeListener('error', onEnd);
      if (!drained) raw.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer): void => {
      bytes += chunk.length;
      if (bytes > DRAINED_BODY_MAX_BYTES) finish(false);
    };
    const onEnd = (): void => finish(raw.complete);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onEnd);
    raw.once('error', onEnd);
    raw.resume();
  });
}

const causeOf = (error: unknown): unknown =>
  error instanceof HttpProblem ? error.cause : undefined;

/**
 * One place maps every failure to `{statusCode, error, message, field?}`: refused commands and
 * bad input are 4xx with a message for the user, the rest is a 5xx that reveals nothing.
 */
async function errorHandler(app: FastifyInstance): Promise<void> {
  // Error answers are documented (and serialized) like every other answer. GraphQL answers its
  // errors in its own format.
  app.addHook('onRoute', (route) => {
    if (!route.schema?.response || typeof route.schema.response !== 'object') return;
    if (route.url.startsWith('/graphql')) return;
    route.schema = {
      ...route.schema,
      response: { '4xx': ErrorBody, '5xx': ServerErrorBody, ...route.schema.response },
    };
  });
  app.setErrorHandler(async (error, request, reply) => {
    const body = toErrorBody(error, request.routeOptions.config.fieldMessages);
    if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else
      request.log.info(
        // A refusal's cause (why firebase-admin refused a token, say) is for operators alone.
        { statusCode: body.statusCode, reason: body.message, err: causeOf(error) },
        'request refused',
      );
    // A body refused for its size is still on its way: answered before it all arrived, the
    // client (still sending) gets its connection reset instead of the answer.
    const raw = request.raw;
    const arriving = !raw.complete && !raw.readableEnded && !raw.destroyed;
    if (body.statusCode === 413 && arriving && !(await bodyDrained(raw)))
      reply.header('connection', 'close');
    if (error instanceof HttpProblem && error.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(body.statusCode).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    }),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Messages for missing fields where the spec words them ('phone is required', ...). */
    fieldMessages?: Readonly<Record<string, string>>;
  }
}

export default fp(errorHandler, { name: 'error-handler' });
