import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

// The HTML tools (/docs, /graphiql) load scripts, style sheets and fonts (all served by the
// gateway itself), so the strict API policy would break them; every JSON answer keeps it.
const htmlTools = /^\/(docs|graphiql)(\/|$)/;

/**
 * The headers that matter for JSON and image answers (OWASP's REST security cheat sheet): a CSP
 * that loads and frames nothing, nosniff, HSTS, framing denied, no referrer. helmet's others
 * (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection) concern HTML documents; each header costs
 * every answer its validation and bytes.
 */
const apiPolicy: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], imgSrc: ["'self'"] },
  },
  // Images are fetched by the web client from another origin.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};
/** The HTML tools get helmet's defaults for documents, without the API's CSP (see above). */
const htmlToolPolicy: HelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/** Where the web client signs in with Firebase Auth: its API, and its sign-in popup's frames. */
const firebaseConnectSources = ['https://*.googleapis.com'];
const firebaseFrameSources = ['https://*.firebaseapp.com', 'https://*.web.app'];

/**
 * The policy of the web client's page (index.html) when the gateway serves it: scripts, styles
 * and everything else from the gateway itself, calls to the API on this origin and PUBLIC_URL's
 * (and its GraphQL WebSocket), to Firebase Auth and to the Auth emulator browsers reach. Styles
 * may be inline: react-hot-toast writes its own <style> element. Google's sign-in popup reports
 * back to the page, which the default cross-origin opener policy would cut off.
 */
export function webClientPolicy(config: {
  readonly PUBLIC_URL: string;
  readonly AUTH_EMULATOR_PUBLIC_URL?: string | undefined;
}): HelmetOptions {
  const api = new URL(config.PUBLIC_URL).origin;
  const socket = api.replace(/^http/, 'ws');
  const emulator = config.AUTH_EMULATOR_PUBLIC_URL
    ? [new URL(config.AUTH_EMULATOR_PUBLIC_URL).origin]
    : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrc: ["'self'", 'https://apis.google.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", api, 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", api, socket, ...firebaseConnectSources, ...emulator],
        frameSrc: ["'self'", ...firebaseFrameSources, ...emulator],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets for a policy. They depend on the policy only (no CSP nonces here), so
 * helmet runs once at start instead of on every request (@fastify/helmet rebuilt them per
 * request: a third of the CPU of a small cached answer).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => void (failure = error),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Cache-Control of every answer to a request with credentials. */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-store';
const signedIn = SIGNED_IN_CACHE_CONTROL;

/** Security headers on every answer, and CORS limited to the web client's origin(s). */
async function security(app: FastifyInstance): Promise<void> {
  const apiHeaders = helmetHeaders(apiPolicy);
  const htmlToolHeaders = helmetHeaders(htmlToolPolicy);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.routeOptions.url;
    reply.headers(url !== undefined && htmlTools.test(url) ? htmlToolHeaders : apiHeaders);
    // An answer to a signed-in caller may be theirs alone: no shared cache keeps it, and no
    // browser keeps it on disk. (Early answers send the headers the app sent for the same
    // Authorization, this one included.) A route whose answer is public may say otherwise.
    if (request.headers.authorization !== undefined) reply.header('cache-control', signedIn);
    done();
  });
  await app.register(cors, {
    origin: [...app.config.WEB_ORIGIN],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: ['Retry-After', 'X-Request-Id', 'Idempotent-Replayed', 'X-Read-Models-Behind'],
    maxAge: 600,
    // A malformed preflight (no Origin or no Access-Control-Request-Method) gets a 204 without
    // CORS headers instead of the plugin's text/plain 400: every error of this API is JSON.
    strictPreflight: false,
  });
}

export default fp(security, { name: 'security', dependencies: ['config'] });
