import AjvCompiler, {
  type BuildCompilerFromPool,
  type RouteDefinition,
} from '@fastify/ajv-compiler';
import type { ErrorObject, ValidateFunction } from 'ajv';

/*
 * Ajv coerces a query or body string such as `1e309` to a number and passes it on as Infinity
 * without checking it is finite, nor its `minimum` and `maximum` (ajv-validator/ajv#2212,
 * fastify/fastify#6718; the fixes in ajv#2626 and #2661 are not released). Fastify's own Ajv
 * validators are wrapped: where a schema asks for a number, a value that holds one that is not
 * finite fails validation, and gets the 400 of any other validation failure.
 */

/** Whether a route's schema asks for a number (or an integer) anywhere in it. */
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

/** `validate`, failing also for a value that holds a number that is not finite. */
function finiteOnly(validate: ValidateFunction): ValidateFunction {
  const checked = Object.assign(
    function validateFinite(data: unknown, context?: Parameters<ValidateFunction>[1]): boolean {
      if (!validate(data, context)) {
        checked.errors = validate.errors ?? null;
        return false;
      }
      // Coerced at the root, the value is its parent's (Fastify passes the request as parent).
      const value = context?.parentData
        ? (context.parentData as Record<string | number, unknown>)[context.parentDataProperty]
        : data;
      const instancePath = nonFinitePathIn(value);
      if (instancePath === undefined) {
        checked.errors = null;
        return true;
      }
      const error: ErrorObject = {
        keyword: 'type',
        instancePath,
        schemaPath: '#/type',
        params: { type: 'number' },
        message: 'must be a finite number',
      };
      checked.errors = [error];
      return false;
    },
    {
      schema: validate.schema,
      schemaEnv: validate.schemaEnv,
      errors: null as ErrorObject[] | null,
    },
  );
  return checked as ValidateFunction;
}

/** Fastify's `schemaController` option: its usual Ajv validators, with numbers checked finite. */
export function finiteNumbersSchemaController(): {
  compilersFactory: { buildValidator: BuildCompilerFromPool };
} {
  const buildAjvValidator = AjvCompiler();
  return {
    compilersFactory: {
      buildValidator: (externalSchemas, options) => {
        const compile = buildAjvValidator(externalSchemas, options);
        return (route: RouteDefinition) => {
          const validate = compile(route);
          return '$async' in validate || !asksForNumbers(route.schema)
            ? validate
            : finiteOnly(validate);
        };
      },
    },
  };
}
