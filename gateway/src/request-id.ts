import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request's id: the caller's X-Request-Id when it is sane (it becomes the events' correlation
 * id), otherwise a new UUID. Every answer carries it back in X-Request-Id.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}
