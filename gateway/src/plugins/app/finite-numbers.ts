import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { addRouteHook } from './route-hooks.ts';

/*
 * Ajv coerces a query or body string such as `1e309` to a number and passes it on as Infinity
 * without checking it is finite, nor its `minimum` and `maximum` (ajv-validator/ajv#2212,
 * fastify/fastify#6718; the fixes in ajv#2626 and #2661 are not released). A route whose schema
 * asks for a number refuses such a request here, with the 400 a validation failure gets, before
 * any of its other preHandler hooks or its handler sees the value.
 */

/** The request parts Fastify validates, by the name its validation errors give them. */
const parts = [
  ['querystring', (request: FastifyRequest): unknown => request.query],
  ['params', (request: FastifyRequest): unknown => request.params],
  ['headers', (request: FastifyRequest): unknown => request.headers],
  ['body', (request: FastifyRequest): unknown => request.body],
] as const;

/** Whether a JSON schema asks for a number (or an integer) anywhere in it. */
function asksForNumbers(schema: unknown): boolean {
  const seen = new Set<object>();
  const pending: unknown[] = [schema];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const { type } = node as { type?: unknown };
    const types = Array.isArray(type) ? type : [type];
    if (types.includes('number') || types.includes('integer')) return true;
    pending.push(...Object.values(node));
  }
  return false;
}

/** A list or a record of values (a parsed query's is of a class with no prototype of its own). */
const isListOrRecord = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as object | null;
  return (
    Array.isArray(value) ||
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null
  );
};

/** The path (`/limit`, `/items/0/price`) of the first number in `value` that is not finite. */
function nonFinitePathIn(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const [node, path] = entry;
    if (typeof node === 'number' && !Number.isFinite(node)) return path;
    if (typeof node !== 'object' || node === null || !isListOrRecord(node)) continue;
    for (const [key, item] of Object.entries(node)) pending.push([item, `${path}/${key}`]);
  }
  return undefined;
}

class NonFiniteNumberError extends Error {
  readonly statusCode = 400;
  readonly validationContext: string;
  readonly validation: { keyword: string; instancePath: string; message: string; params: object }[];

  constructor(validationContext: string, instancePath: string) {
    const message = 'must be a finite number';
    super(`${validationContext}${instancePath} ${message}`);
    this.name = 'NonFiniteNumberError';
    this.validationContext = validationContext;
    this.validation = [{ keyword: 'type', instancePath, message, params: { type: 'number' } }];
  }
}

async function refuseNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  for (const [name, partOf] of parts) {
    const path = nonFinitePathIn(partOf(request));
    if (path !== undefined) throw new NonFiniteNumberError(name, path);
  }
}

async function finiteNumbers(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route: RouteOptions) => {
    const { schema } = route;
    if (!schema) return;
    const validated = [schema.querystring, schema.params, schema.headers, schema.body];
    if (validated.some(asksForNumbers)) addRouteHook(route, 'preHandler', refuseNonFiniteNumbers);
  });
}

export default fp(finiteNumbers, { name: 'finite-numbers' });
