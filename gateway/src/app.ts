import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';
import { finiteNumbersSchemaController } from './finite-numbers.ts';
import graphql from './graphql/index.ts';
import accessTokens from './plugins/app/access-tokens.ts';
import answerCache, { earlyAnswersGuard, requestHooksOf } from './plugins/app/answer-cache.ts';
import authentication from './plugins/app/authentication.ts';
import commandStates from './plugins/app/command-states.ts';
import errorHandler from './plugins/app/error-handler.ts';
import idempotency from './plugins/app/idempotency.ts';
import operations from './plugins/app/operations.ts';
import configPlugin from './plugins/external/config.ts';
import eventStore from './plugins/external/event-store.ts';
import firebaseAuth from './plugins/external/firebase-auth.ts';
import idempotencyStore from './plugins/external/idempotency-store.ts';
import imageStore from './plugins/external/image-store.ts';
import multipart from './plugins/external/multipart.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import readModels from './plugins/external/read-models.ts';
import readiness from './plugins/external/readiness.ts';
import security from './plugins/external/security.ts';
import swagger from './plugins/external/swagger.ts';
import webClient, { routeSegments } from './plugins/external/web-client.ts';
import auditRoutes from './routes/audit.ts';
import authRoutes from './routes/auth.ts';
import healthRoutes from './routes/health.ts';
import imageRoutes from './routes/images.ts';
import operationsRoutes from './routes/operations.ts';
import bookingCommandRoutes from './routes/booking-commands.ts';
import bookingReadRoutes from './routes/booking-reads.ts';
import categoryRoutes from './routes/categories.ts';
import productCommandRoutes from './routes/product-commands.ts';
import productReadRoutes from './routes/product-reads.ts';
import sellerRoutes from './routes/sellers.ts';
import userReadRoutes from './routes/user-reads.ts';
import userCommandRoutes from './routes/users.ts';
import { requestIdOf } from './request-id.ts';

export interface AppOptions {
  config: AppConfig;
}

/** What a request's log lines show of it (Fastify's default fields). */
interface LoggedRequest {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly host?: string | undefined;
  readonly ip?: string | undefined;
  readonly socket?: { readonly remotePort?: number | undefined } | undefined;
}

/**
 * A URL as logged: e-mail addresses in its path or query (GET /myProducts/{email}, the spec's
 * routes) read "[email]". Logs cannot be erased with a user's data (issue 30), so they never hold it.
 */
export const urlWithoutEmails = (url: string): string =>
  url.replace(/[^/?&=#]*(?:@|%40)[^/?&=#]*/gi, '[email]');

const loggedRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: request.url === undefined ? undefined : urlWithoutEmails(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Options of the Fastify instance the app is registered on (by server.ts and by the tests). */
export function serverOptions(config: AppConfig): FastifyServerOptions {
  return {
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: loggedRequest },
    },
    requestIdHeader: false,
    genReqId: requestIdOf,
    // request.ip (rate limits, logs) from X-Forwarded-For only as far as TRUST_PROXY says.
    trustProxy:
      typeof config.TRUST_PROXY === 'boolean' ? config.TRUST_PROXY : [...config.TRUST_PROXY],
    // JSON bodies of this API are small; images go through multipart with their own limit.
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: {
      customOptions: {
        // Unknown body fields are dropped before a handler sees them: never stored.
        removeAdditional: true,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
    schemaController: finiteNumbersSchemaController(),
    forceCloseConnections: 'idle',
  };
}

/**
 * What every answer of the API gets, whatever the route: JSON errors, security headers, CORS and
 * X-Request-Id. The benchmark also puts it around bare routes, to see what it costs alone.
 */
export async function httpProtocol(app: FastifyInstance): Promise<void> {
  await app.register(errorHandler);
  await app.register(security);
  // Set on arrival (a synchronous hook, the cheapest kind), so that every answer carries it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

/**
 * The whole gateway as one plugin: adapters first (each a named plugin that closes itself), then
 * the app's own plugins, then routes. server.ts listens; tests inject.
 */
export default async function serviceApp(app: FastifyInstance, options: AppOptions): Promise<void> {
  // Request hooks already on the app are not the gateway's: early answers must not pass them by
  // (see earlyAnswersGuard, registered last).
  const hooksBefore = requestHooksOf(app);
  // The API's paths, which the web client (registered after them) never answers for.
  const apiSegments = routeSegments(app);
  await app.register(configPlugin, { config: options.config });
  await app.register(readiness);
  await httpProtocol(app);
  await app.register(rateLimit);
  await app.register(swagger);
  await app.register(firebaseAuth);
  await app.register(eventStore);
  await app.register(readModels);
  await app.register(idempotencyStore);
  await app.register(imageStore);

  await app.register(accessTokens);
  await app.register(authentication);
  await app.register(commandStates);
  await app.register(idempotency);
  await app.register(answerCache);
  await app.register(operations);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  // Only the upload route parses multipart: the plugin's per-request hooks stay off every other.
  await app.register(async (uploads) => {
    await uploads.register(multipart);
    await uploads.register(imageRoutes);
  });
  await app.register(userCommandRoutes);
  await app.register(productCommandRoutes);
  await app.register(bookingCommandRoutes);
  await app.register(categoryRoutes);
  await app.register(productReadRoutes);
  await app.register(bookingReadRoutes);
  await app.register(userReadRoutes);
  await app.register(sellerRoutes);
  await app.register(auditRoutes);
  await app.register(operationsRoutes);
  await app.register(graphql);
  const { WEB_CLIENT_DIR } = options.config;
  if (WEB_CLIENT_DIR) await app.register(webClient, { root: WEB_CLIENT_DIR, apiSegments });
  await app.register(earlyAnswersGuard, { hooksBefore });
}
