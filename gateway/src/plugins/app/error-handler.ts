import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { toErrorBody } from '../../errors.ts';
import { ErrorBody, ServerErrorBody } from '../../schemas/common.ts';

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
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error, request.routeOptions.config.fieldMessages);
    if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ statusCode: body.statusCode, reason: body.message }, 'request refused');
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
