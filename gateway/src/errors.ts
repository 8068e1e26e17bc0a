import { STATUS_CODES } from 'node:http';
import {
  AppendOutcomeUnknownError,
  DomainError,
  WrongExpectedRevisionError,
  type DomainErrorCode,
} from '@resale/events';
import { InvalidCursorError } from '@resale/workers/read-models';

/** The JSON body of every error answer. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  field?: string;
}

/** A refusal decided by the gateway itself (not signed in, not allowed, unknown id, ...). */
export class HttpProblem extends Error {
  readonly statusCode: number;
  readonly field?: string;
  /** Sent as Retry-After: nothing was done, and the same request may succeed after that wait. */
  readonly retryAfterSeconds?: number;

  constructor(
    statusCode: number,
    message: string,
    field?: string,
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.statusCode = statusCode;
    this.field = field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.name = 'HttpProblem';
  }
}

export const unauthorized = (message = 'Sign in to continue') => new HttpProblem(401, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpProblem(403, message);
export const notFound = (message: string) => new HttpProblem(404, message);

const statusOfDomainCode: Record<DomainErrorCode, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  illegal_state: 409,
};

/** GraphQL `extensions.code` for each HTTP status the gateway answers with. */
export const graphqlCodeOfStatus = (statusCode: number): string =>
  ({
    400: 'BAD_USER_INPUT',
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    429: 'RATE_LIMITED',
    507: 'INSUFFICIENT_STORAGE',
  })[statusCode] ?? 'INTERNAL_SERVER_ERROR';

const body = (statusCode: number, message: string, field?: string): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(field === undefined ? {} : { field }),
});

/** An Ajv error as Fastify attaches it to a validation failure. */
interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * Names the offending field and says what is wrong with it. A missing or empty field gets the
 * spec's required-field message ('phone is required'), taken from the route when it words it.
 */
export function describeValidation(
  issues: readonly ValidationIssue[],
  context: string | undefined,
  requiredMessages: Readonly<Record<string, string>> = {},
): { message: string; field: string | undefined } {
  const issue = issues[0];
  if (!issue) return { message: `Invalid ${context ?? 'request'}`, field: undefined };
  const path = issue.instancePath.split('/').filter(Boolean);
  const missing = issue.keyword === 'required' ? String(issue.params.missingProperty) : undefined;
  // An item of a list (`/condition/0`) is named by its list.
  const field = missing ?? path.filter((part) => !/^\d+$/.test(part)).at(-1);
  if (field === undefined)
    return { message: `${context ?? 'request'} ${issue.message ?? 'is invalid'}`, field };
  const isEmpty = issue.keyword === 'minLength' && issue.params.limit === 1;
  if (missing !== undefined || isEmpty)
    return { message: requiredMessages[field] ?? `${field} is required`, field };
  return { message: `${field} ${issue.message ?? 'is invalid'}`, field };
}

export interface ErrorLike {
  statusCode?: number;
  code?: string;
  message: string;
  validation?: ValidationIssue[];
  validationContext?: string;
}

/** Codes of a write refused for want of room or of write access: the server's disk, not the request. */
const storageCodes: ReadonlySet<string> = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_READONLY_DBMOVED',
  'SQLITE_READONLY_DIRECTORY',
]);
/** The same, as SQLite and the system word them (an error passed on from a thread keeps only its message). */
const storageMessages =
  /database or disk is full|attempt to write a readonly database|no space left on device|read-only file system|disk quota exceeded/i;

/**
 * Whether a write failed because the server's storage is full or read-only (anywhere in the
 * error's causes): nothing of that write was saved, and trying again later may succeed.
 */
export function isStorageUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const { code } = cause as { code?: unknown };
    if ((typeof code === 'string' && storageCodes.has(code)) || storageMessages.test(cause.message))
      return true;
    cause = cause.cause;
  }
  return false;
}

export const STORAGE_UNAVAILABLE_MESSAGE =
  'The server has no room to save this change (its storage is full or read-only): nothing was saved; try again later';

/**
 * Maps any error to the answer the client sees. Input problems and refused commands become 4xx
 * with their message; anything unexpected becomes a 500 that says nothing about internals.
 */
export function toErrorBody(
  error: unknown,
  requiredMessages?: Readonly<Record<string, string>>,
): ErrorBody {
  if (error instanceof DomainError)
    return body(statusOfDomainCode[error.code], error.message, error.field);
  if (error instanceof HttpProblem) return body(error.statusCode, error.message, error.field);
  if (error instanceof InvalidCursorError)
    return body(400, 'after is not a paging cursor of this list', 'after');
  if (error instanceof WrongExpectedRevisionError)
    return body(409, 'Someone else changed this at the same time; try again');
  if (error instanceof AppendOutcomeUnknownError)
    return body(503, 'We could not confirm that this change was saved; check before trying again');
  if (isStorageUnavailable(error)) return body(507, STORAGE_UNAVAILABLE_MESSAGE);
  const e = error as ErrorLike;
  if (e.validation) {
    const { message, field } = describeValidation(
      e.validation,
      e.validationContext,
      requiredMessages,
    );
    return body(400, message, field);
  }
  const status = e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
      return body(400, 'The request body is not valid JSON');
    if (status === 413) return body(413, 'The request body is too large');
    return body(status, e.message);
  }
  const unavailable = status === 503;
  return body(
    unavailable ? 503 : 500,
    unavailable
      ? 'The service is not ready; try again shortly'
      : 'Something went wrong on our side',
  );
}
