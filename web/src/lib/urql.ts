import {
  Client,
  cacheExchange,
  fetchExchange,
  mapExchange,
  subscriptionExchange,
  type ExecutionResult,
} from 'urql';
import { retryExchange } from '@urql/exchange-retry';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { QUERY_RETRY } from '@/config/constants.ts';
import { graphqlHttpUrl, graphqlWsUrl } from '@/config/env.ts';
import { readAccessToken, reportTokenRejected } from './access-token.ts';
import {
  heartbeatHeard,
  socketClosed,
  socketConnected,
  subscribeHeartbeat,
  subscriptionClosed,
  subscriptionOpened,
} from './connection.ts';

function authorization(): Record<string, string> {
  const token = readAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The position a `...Changed` payload announces, wherever its root field is. */
export function changePosition(data: unknown): number | undefined {
  if (!data || typeof data !== 'object') return undefined;
  for (const value of Object.values(data)) {
    if (value && typeof value === 'object' && 'position' in value) {
      const { position } = value as { position: unknown };
      if (typeof position === 'number') return position;
    }
  }
  return undefined;
}

function createWebSocketClient(): WsClient {
  return createWsClient({
    url: graphqlWsUrl,
    lazy: true,
    // Read at every (re)connect, so a fresh access token is used after a new sign-in.
    connectionParams: () => authorization(),
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    on: {
      closed: socketClosed,
      connected: socketConnected,
      // The gateway's heartbeat: a ping carrying the position after which every change notice
      // reached it (and the read models' latest position, which lists need not follow).
      ping: (received, payload) => {
        const receivedAfter = payload?.['receivedAfter'];
        if (received && typeof receivedAfter === 'number') heartbeatHeard(receivedAfter);
      },
    },
  });
}

export type UrqlClientOptions = { url?: string; wsClient?: WsClient };

/**
 * One client per signed-in identity (the provider recreates it when the user changes), so that
 * cached data and the WebSocket's credentials never outlive the session they belong to.
 */
export function createUrqlClient(options: UrqlClientOptions = {}): Client {
  const wsClient = options.wsClient ?? createWebSocketClient();
  return new Client({
    url: options.url ?? graphqlHttpUrl,
    requestPolicy: 'cache-and-network',
    // Queries go as GET (mutations stay POST; a query too long for a URL too): the gateway answers
    // a repeated query from its kept bytes without parsing a body. Their variables are brands,
    // ids, cursors and log positions, nothing private; the token stays in the Authorization header.
    preferGetMethod: 'within-url-limit',
    fetchOptions: () => ({ headers: authorization() }),
    exchanges: [
      cacheExchange,
      mapExchange({
        onError(error) {
          const token = readAccessToken();
          const unauthenticated =
            error.response?.status === 401 ||
            error.graphQLErrors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
          if (unauthenticated && token) reportTokenRejected(token);
        },
      }),
      retryExchange({
        initialDelayMs: QUERY_RETRY.initialDelayMs,
        maxDelayMs: QUERY_RETRY.maxDelayMs,
        randomDelay: true,
        // The first attempt plus three retries.
        maxNumberAttempts: QUERY_RETRY.attempts + 1,
        retryIf: (error, operation) => !!error.networkError && operation.kind === 'query',
      }),
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          // graphql-ws re-sends this very payload object after a reconnect; keeping `after` at the
          // last announced position makes the server send one catch-up Change if we missed any.
          const payload = { ...request, query: request.query ?? '' };
          const tracksAfter = /\$after\b/.test(payload.query);
          // Query answers carry no position, so a list starts from 0: the server then announces
          // its current position at once, and the list refetches at it, covering whatever changed
          // between its first answer and the subscription; a reconnect resumes from there.
          if (tracksAfter && typeof payload.variables?.after !== 'number') {
            payload.variables = { ...payload.variables, after: 0 };
          }
          return {
            subscribe(sink) {
              subscriptionOpened();
              let ended = false;
              // Each (re)subscription's messages count only while it is the current one: the one
              // a catch-up replaces completes, and that must not end the list's subscription.
              let current = 0;
              let stopHeartbeat = (): void => {};
              const end = () => {
                if (ended) return;
                ended = true;
                stopHeartbeat();
                subscriptionClosed();
              };
              const start = (): (() => void) => {
                current += 1;
                const mine = current;
                return wsClient.subscribe(payload, {
                  next(result) {
                    if (mine !== current) return;
                    const position = changePosition(result.data);
                    if (tracksAfter && position !== undefined) {
                      payload.variables = { ...payload.variables, after: position };
                    }
                    sink.next(result as ExecutionResult);
                  },
                  error: (error) => {
                    if (mine !== current) return;
                    end();
                    sink.error(error);
                  },
                  complete: () => {
                    if (mine !== current) return;
                    end();
                    sink.complete();
                  },
                });
              };
              let stop = start();
              // The heartbeat says after which position the gateway received every notice: a
              // list that last saw an earlier one may have missed one, so it subscribes again
              // from the last position it saw, and the server answers with a catch-up Change.
              // Once per such position: the gateway moves it only when it missed notices.
              let caughtUpTo = -1;
              if (tracksAfter)
                stopHeartbeat = subscribeHeartbeat((receivedAfter) => {
                  const after = payload.variables?.['after'];
                  if (ended || typeof after !== 'number' || receivedAfter <= after) return;
                  if (receivedAfter <= caughtUpTo) return;
                  caughtUpTo = receivedAfter;
                  // Completed first (no more than one held at a time), and not as the list's end.
                  current += 1;
                  stop();
                  stop = start();
                });
              return {
                unsubscribe() {
                  end();
                  stop();
                },
              };
            },
          };
        },
      }),
    ],
  });
}
