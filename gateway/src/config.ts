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
   * (measured on 2 cores: with the thread about a fifth more bookings per second, for about 30 MB
   * more memory).
   */
  PROJECTION_THREAD: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  /**
   * 'on': a GET the app answered from a kept answer is answered again by the answer front, in
   * Node's request event, without Fastify's routing and hooks (plugins/app/answer-cache.ts); the
   * gateway then refuses to start beside a request hook that is not its own, which the front would
   * pass by. 'off': every request goes through the app. Independent of LOG_LEVEL: the front logs
   * the requests it answers as the app does.
   */
  ANSWER_FRONT: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
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

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid gateway configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const envValidator = Compile(EnvSchema);
const integerKeys = [
  'PORT',
  'ACCESS_TOKEN_TTL_SECONDS',
  'RATE_LIMIT_WRITES',
  'RATE_LIMIT_SIGN_IN',
] as const;

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/**
 * Reads the configuration from environment variables (empty ones count as unset) and checks it
 * once, at start-up: an invalid setting stops the gateway before it listens.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const keys = Object.keys(EnvSchema.properties);
  const raw: Record<string, unknown> = {};
  for (const key of keys) {
    const value = source[key];
    if (value === undefined || value.trim() === '') continue;
    raw[key] = (integerKeys as readonly string[]).includes(key) ? Number(value) : value.trim();
  }
  const withDefaults = envValidator.Default(raw);
  if (!envValidator.Check(withDefaults)) {
    const problems = [...envValidator.Errors(withDefaults)].map(
      (e) => `${e.instancePath.slice(1) || 'environment'}: ${e.message}`,
    );
    throw new ConfigError(problems);
  }
  const env: Env = withDefaults;
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST)
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST must not be set in production: the emulator accepts unsigned tokens',
    );
  const distributed = Boolean(env.EVENTSTORE_URL || env.MONGODB_URL);
  if (!env.ACCESS_TOKEN_SECRET && (distributed || env.NODE_ENV === 'production'))
    problems.push(
      'ACCESS_TOKEN_SECRET is required in production and in the distributed profile (every replica must share it)',
    );
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: list(env.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    WEB_ORIGIN: list(env.WEB_ORIGIN),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
    ACCESS_TOKEN_SECRET: env.ACCESS_TOKEN_SECRET ?? embeddedAccessTokenSecret(dataDir),
    distributed,
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
