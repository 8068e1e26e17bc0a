import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';

/** Every setting the gateway reads from its environment, with its default. */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Union(
    [Type.Literal('development'), Type.Literal('test'), Type.Literal('production')],
    { default: 'development' },
  ),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 5000 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  /** Where the embedded profile keeps its data (event log, read models, images, keys). */
  DATA_DIR: Type.String({ minLength: 1, default: 'data' }),
  /** Base of the URLs the gateway hands out (image URLs); defaults to http://HOST:PORT. */
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  EVENTSTORE_URL: Type.Optional(Type.String({ minLength: 1 })),
  MONGODB_URL: Type.Optional(Type.String({ minLength: 1 })),
  /** Database of the read models, images and idempotency keys; default 'resale'. */
  MONGODB_DB: Type.String({ minLength: 1, default: 'resale' }),
  REDIS_URL: Type.Optional(Type.String({ minLength: 1 })),
  /** Prefix of the Redis pub/sub channels; gateways and workers of one deployment share it. */
  REDIS_CHANNEL_PREFIX: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  FIREBASE_AUTH_EMULATOR_HOST: Type.Optional(Type.String({ minLength: 1 })),
  FIREBASE_PROJECT_ID: Type.String({ minLength: 1, default: 'demo-resale' }),
  /** Comma-separated e-mails that are admins from registration. */
  ADMIN_EMAILS: Type.String({ default: '' }),
  /** Comma-separated origins allowed by CORS and on the GraphQL WebSocket. */
  WEB_ORIGIN: Type.String({ minLength: 1, default: 'http://127.0.0.1:3000' }),
  ACCESS_TOKEN_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 86_400, default: 3600 }),
  /** Writes per client address and minute. */
  RATE_LIMIT_WRITES: Type.Integer({ minimum: 1, default: 60 }),
  /** Calls of sign-in-related routes (/jwt, POST /users) per client address and minute. */
  RATE_LIMIT_SIGN_IN: Type.Integer({ minimum: 1, default: 20 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /**
   * Embedded profile: 'on' projects in a worker thread of the gateway, 'off' on its event loop
   * (the thread gives more bookings per second for more memory; README's Profiles says how much).
   */
  PROJECTION_THREAD: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  /**
   * 'on': a GET the app answered from a cached answer is answered early next time, in Node's
   * request event, before Fastify's routing and hooks (plugins/app/answer-cache.ts); the gateway
   * then refuses to start beside a request hook that is not its own, which early answers would
   * pass by. 'off': every request goes through the app. Independent of LOG_LEVEL: early answers
   * are logged as the app logs requests.
   */
  EARLY_ANSWERS: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
});
type Env = Static<typeof EnvSchema>;

export interface AppConfig extends Omit<Env, 'ADMIN_EMAILS' | 'WEB_ORIGIN' | 'PUBLIC_URL'> {
  readonly ADMIN_EMAILS: readonly string[];
  readonly WEB_ORIGIN: readonly string[];
  readonly PUBLIC_URL: string;
  readonly ACCESS_TOKEN_SECRET: string;
  /** Distributed profile: the event store or the read store is a server. */
  readonly distributed: boolean;
}

/** The configuration's problems, one line each, naming the setting, its value and what it takes. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid gateway configuration:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
    this.name = 'ConfigError';
  }
}

type SettingName = keyof typeof EnvSchema.properties;
const settingNames = Object.keys(EnvSchema.properties) as SettingName[];
const settingValidators = new Map(
  settingNames.map((name) => [name, Compile(EnvSchema.properties[name])] as const),
);
const envValidator = Compile(EnvSchema);
const integerKeys: ReadonlySet<string> = new Set([
  'PORT',
  'ACCESS_TOKEN_TTL_SECONDS',
  'RATE_LIMIT_WRITES',
  'RATE_LIMIT_SIGN_IN',
]);
/** Never printed: a problem with them names the setting only. */
const secretKeys: ReadonlySet<string> = new Set(['ACCESS_TOKEN_SECRET']);

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/** A whole number written in decimal digits, else NaN (which no integer schema accepts). */
const wholeNumber = (value: string): number => (/^[0-9]+$/.test(value) ? Number(value) : NaN);

interface SettingSchema {
  readonly type?: string;
  readonly anyOf?: readonly { readonly const?: unknown }[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** What the setting takes, in the words of a one-line problem ("PORT=abc must be ..."). */
function expectation(schema: SettingSchema): string {
  if (schema.anyOf) return `is not one of ${schema.anyOf.map((s) => String(s.const)).join(', ')}`;
  const { minimum, maximum, minLength, maxLength } = schema;
  if (schema.type === 'integer') {
    if (minimum === 0 && maximum === 65535) return 'must be a port number 0-65535';
    return maximum === undefined
      ? `must be a whole number of at least ${minimum ?? 0}`
      : `must be a whole number from ${minimum ?? 0} to ${maximum}`;
  }
  if (schema.pattern === '^https?://') return 'must be an http:// or https:// URL';
  if (minLength !== undefined && minLength > 1) return `must be at least ${minLength} characters`;
  if (maxLength !== undefined) return `must be at most ${maxLength} characters`;
  return 'is not valid';
}

/**
 * The settings as given (empty ones count as unset), with the problems of those that are not
 * valid: one line per setting, e.g. "LOG_LEVEL=loud is not one of fatal, error, ...".
 */
function readSettings(source: Readonly<Record<string, string | undefined>>): {
  raw: Record<string, unknown>;
  problems: string[];
} {
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of settingNames) {
    const given = source[name]?.trim();
    if (given === undefined || given === '') continue;
    const value = integerKeys.has(name) ? wholeNumber(given) : given;
    raw[name] = value;
    if (settingValidators.get(name)?.Check(value)) continue;
    const shown = secretKeys.has(name) ? name : `${name}=${given}`;
    problems.push(`${shown} ${expectation(EnvSchema.properties[name] as SettingSchema)}`);
  }
  return { raw, problems };
}

/** The checks across settings, on settings that are each valid. */
function combinationProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST)
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST must not be set in production: the emulator accepts unsigned tokens',
    );
  if (!env.ACCESS_TOKEN_SECRET && (isDistributed(env) || env.NODE_ENV === 'production'))
    problems.push(
      'ACCESS_TOKEN_SECRET is required in production and in the distributed profile (every replica must share it)',
    );
  return problems;
}

const isDistributed = (env: Env): boolean => Boolean(env.EVENTSTORE_URL || env.MONGODB_URL);

/**
 * What is wrong with the configuration `source` gives, one line per problem; empty when
 * `loadConfig` would take it. Touches nothing: a start can check the gateway's settings before it
 * starts anything.
 */
export function configProblems(source: Readonly<Record<string, string | undefined>>): string[] {
  const { raw, problems } = readSettings(source);
  if (problems.length > 0) return problems;
  const withDefaults = envValidator.Default(raw);
  if (!envValidator.Check(withDefaults))
    return [...envValidator.Errors(withDefaults)].map(
      (e) => `${e.instancePath.slice(1) || 'environment'}: ${e.message}`,
    );
  return combinationProblems(withDefaults);
}

/**
 * Reads the configuration from environment variables (empty ones count as unset) and checks it
 * once, at start-up: an invalid setting stops the gateway before it listens (ConfigError, with
 * every problem).
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const problems = configProblems(source);
  if (problems.length > 0) throw new ConfigError(problems);
  const env = envValidator.Default(readSettings(source).raw) as Env;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: list(env.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    WEB_ORIGIN: list(env.WEB_ORIGIN),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
    ACCESS_TOKEN_SECRET: env.ACCESS_TOKEN_SECRET ?? embeddedAccessTokenSecret(dataDir),
    distributed: isDistributed(env),
  };
}

/**
 * The embedded profile keeps a generated secret in its data folder, so access tokens survive a
 * restart without anyone having to invent a secret.
 */
export function embeddedAccessTokenSecret(dataDir: string): string {
  const file = path.join(dataDir, 'access-token-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
