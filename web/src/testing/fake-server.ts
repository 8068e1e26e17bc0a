import { vi } from 'vitest';
import type { Client as WsClient, Sink } from 'graphql-ws';
import { createUrqlClient } from '@/lib/urql.ts';

export type GraphqlRequest = { operationName: string; variables: Record<string, unknown> };
export type RestRequest = {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
};

type GraphqlAnswer = unknown | ((variables: Record<string, unknown>) => unknown);

export type FakeServer = {
  /**
   * Data answered per GraphQL operation name (a function may compute it, or hold it back by
   * returning a promise, or throw to answer a GraphQL error); operations without an entry never
   * answer.
   */
  graphql: Record<string, GraphqlAnswer>;
  /** REST answers: return `[status, body]`. */
  rest: (request: RestRequest) => [number, unknown] | undefined;
  graphqlRequests: GraphqlRequest[];
  restRequests: RestRequest[];
  /** Push a `...Changed` notification to every open subscription of that operation. */
  announce: (operationName: string, data: unknown) => void;
  subscriptions: () => string[];
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The network boundary of the web client, faked: `fetch` (REST and GraphQL over HTTP) and the
 * graphql-ws client. Components under test run with the real urql client on top of it.
 */
export function fakeServer(initial: Partial<Pick<FakeServer, 'graphql' | 'rest'>> = {}) {
  const open = new Map<string, { name: string; sink: Sink }>();
  let nextId = 0;
  const server: FakeServer = {
    graphql: initial.graphql ?? {},
    rest: initial.rest ?? (() => undefined),
    graphqlRequests: [],
    restRequests: [],
    announce(operationName, data) {
      for (const { name, sink } of open.values()) {
        if (name === operationName) sink.next({ data } as never);
      }
    },
    subscriptions: () => [...open.values()].map(({ name }) => name),
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const text = typeof init?.body === 'string' ? init.body : undefined;
    if (url.pathname === '/graphql') {
      // A query comes as GET (its parts in the URL), a mutation as POST (in the body).
      const search = url.searchParams;
      const body = (
        method === 'GET'
          ? {
              query: search.get('query') ?? '',
              operationName: search.get('operationName') ?? undefined,
              variables: JSON.parse(search.get('variables') ?? '{}') as Record<string, unknown>,
            }
          : JSON.parse(text ?? '{}')
      ) as {
        operationName?: string;
        query: string;
        variables?: Record<string, unknown>;
      };
      const operationName =
        body.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '';
      const variables = body.variables ?? {};
      server.graphqlRequests.push({ operationName, variables });
      if (!(operationName in server.graphql)) return new Promise<Response>(() => {});
      const answer = server.graphql[operationName];
      try {
        const data = typeof answer === 'function' ? await answer(variables) : answer;
        return json(200, { data });
      } catch (error) {
        // A throwing answer becomes a GraphQL error, as a resolver's would (with its code).
        const { message, extensions } = error as Error & { extensions?: Record<string, unknown> };
        return json(200, {
          data: null,
          errors: [{ message, ...(extensions ? { extensions } : {}) }],
        });
      }
    }
    const request: RestRequest = {
      method,
      path: url.pathname,
      search: url.searchParams,
      headers: new Headers(init?.headers),
      body: text ? (JSON.parse(text) as unknown) : init?.body,
    };
    server.restRequests.push(request);
    const answer = server.rest(request);
    if (!answer) return json(404, { statusCode: 404, error: 'Not Found', message: 'Not found.' });
    return json(answer[0], answer[1]);
  });
  vi.stubGlobal('fetch', fetchMock);

  const wsClient = {
    subscribe(payload: { query: string }, sink: Sink) {
      const id = String(nextId++);
      const name = /subscription\s+(\w+)/.exec(payload.query)?.[1] ?? '';
      open.set(id, { name, sink });
      return () => open.delete(id);
    },
    on: () => () => {},
    dispose: () => {},
    terminate: () => {},
  } as unknown as WsClient;

  const createClient = () => createUrqlClient({ url: 'http://127.0.0.1:5000/graphql', wsClient });
  return { server, createClient };
}
