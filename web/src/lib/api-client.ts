import { env } from '@/config/env.ts';
import { readAccessToken, reportTokenRejected } from './access-token.ts';
import { notePosition } from './positions.ts';

/** A failed call, with a message a person can read (the server's own when it sent one). */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your connection and try again.';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  formData?: FormData;
  /** Defaults to the stored access token; pass a Firebase ID token where the API wants one. */
  bearer?: string | null;
  /** Commands carry one so that a repeated request returns the first answer. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

/** The longest Retry-After a call waits out by itself before asking again. */
const MAX_RETRY_WAIT_S = 5;

/** Resolves after `ms`, or rejects as fetch does once `signal` aborts. */
const wait = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    const abortError = () => new DOMException('The call was aborted', 'AbortError');
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function messageFor(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  if (status === 401) return 'Please log in again.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'Not found.';
  return `The server could not complete the request (${status}).`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, json, formData, idempotencyKey, signal } = options;
  const url = new URL(`${env.apiUrl}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers = new Headers({ Accept: 'application/json' });
  const bearer = options.bearer === undefined ? readAccessToken() : options.bearer;
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  let body: BodyInit | undefined;
  if (formData) body = formData;
  else if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }

  const send = async (): Promise<Response> => {
    try {
      return await fetch(url, { method, headers, body, signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    }
  };
  let response = await send();
  // A 503 with Retry-After says nothing was done and the same request may succeed after the
  // wait (the server could not reach a service it needed): asked again once.
  const retryAfterSeconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  if (response.status === 503 && retryAfterSeconds >= 0 && retryAfterSeconds <= MAX_RETRY_WAIT_S) {
    await response.body?.cancel();
    await wait(retryAfterSeconds * 1000, signal);
    response = await send();
  }
  const payload = await readBody(response);
  if (response.status === 401 && options.bearer === undefined && bearer) {
    reportTokenRejected(bearer);
  }
  if (!response.ok) {
    const field =
      payload &&
      typeof payload === 'object' &&
      'field' in payload &&
      typeof payload.field === 'string'
        ? payload.field
        : undefined;
    throw new ApiError(response.status, messageFor(response.status, payload), field);
  }
  // Every command answer carries the log position of its last event: later reads wait for it.
  if (payload && typeof payload === 'object' && 'position' in payload) {
    notePosition(typeof payload.position === 'number' ? payload.position : undefined);
  }
  return payload as T;
}

/** A readable message for anything thrown (ApiError, Firebase errors, plain errors). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong. Please try again.';
}

export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The key for the next attempt of a command: the same one when the last answer was lost (the
 * server may have done it, and must not do it twice), a new one when the server said no.
 */
export function keyAfterFailure(error: unknown, key: string): string {
  return error instanceof ApiError && error.status === 0 ? key : newIdempotencyKey();
}

/** A failed GraphQL read, said plainly (urql prefixes messages with '[GraphQL]'). */
export function queryErrorMessage(error: {
  networkError?: Error | undefined;
  graphQLErrors: { message: string }[];
  message: string;
}): string {
  if (error.networkError) return 'Cannot reach the server.';
  const messages = error.graphQLErrors.map((graphQLError) => graphQLError.message);
  return messages.length > 0 ? messages.join('; ') : error.message;
}
