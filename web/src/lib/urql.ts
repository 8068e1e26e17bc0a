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
  socketClosed,
  socketConnected,
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
    on: { closed: socketClosed, connected: socketConnected },
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
              const end = () => {
                if (ended) return;
                ended = true;
                subscriptionClosed();
              };
              const stop = wsClient.subscribe(payload, {
                next(result) {
                  const position = changePosition(result.data);
                  if (tracksAfter && position !== undefined) {
                    payload.variables = { ...payload.variables, after: position };
                  }
                  sink.next(result as ExecutionResult);
                },
                error: (error) => {
                  end();
                  sink.error(error);
                },
                complete: () => {
                  end();
                  sink.complete();
                },
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
