import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { deflateRawSync } from 'node:zlib';
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
  /** Prefix of the deployment's Redis keys: the gateways' rate-limit counters, the workers' queues. */
  REDIS_PREFIX: Type.String({ minLength: 1, maxLength: 100, default: 'resale' }),
  /** As the workers': how many partition queues the operations page reads the depth of. */
  QUEUE_PARTITIONS: Type.Integer({ minimum: 1, maximum: 1_000, default: 4 }),
  FIREBASE_AUTH_EMULATOR_HOST: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * The Auth emulator's URL as browsers reach it, which the served web client's page may call
   * (its CSP); default http://FIREBASE_AUTH_EMULATOR_HOST when that is set.
   */
  AUTH_EMULATOR_PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  FIREBASE_PROJECT_ID: Type.String({ minLength: 1, default: 'demo-resale' }),
  /** Comma-separated e-mails that are admins from registration. */
  ADMIN_EMAILS: Type.String({ default: '' }),
  /** Comma-separated origins allowed by CORS and on the GraphQL WebSocket. */
  WEB_ORIGIN: Type.String({ minLength: 1, default: 'http://127.0.0.1:3000' }),
  /**
   * Folder of the built web client (web/dist: index.html, assets/), served at the API's root with
   * index.html for the client's routes; unset: not served (npm start serves it on WEB_PORT).
   */
  WEB_CLIENT_DIR: Type.Optional(Type.String({ minLength: 1 })),
  ACCESS_TOKEN_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 86_400, default: 3600 }),
  /**
   * How long a booking waits for its seller's answer before it expires and the phone is on sale
   * again, in hours (decimals allowed: 0.01 is 36 s); each booking keeps the moment it was given.
   */
  BOOKING_EXPIRY_HOURS: Type.Number({ exclusiveMinimum: 0, maximum: 8760, default: 48 }),
  /** Writes per client address and minute. */
  RATE_LIMIT_WRITES: Type.Integer({ minimum: 1, default: 60 }),
  /** Calls of sign-in-related routes (/jwt, POST /users) per client address and minute. */
  RATE_LIMIT_SIGN_IN: Type.Integer({ minimum: 1, default: 20 }),
  /**
   * Reads (every route that is neither a write nor a sign-in call: the web client's pages and
   * files, REST reads, GraphQL, WebSocket upgrades, health) per client address and minute.
   */
  RATE_LIMIT_READS: Type.Integer({ minimum: 1, default: 1200 }),
  /** Reads per access token (Authorization: Bearer) and minute, from whatever address. */
  RATE_LIMIT_READS_PER_TOKEN: Type.Integer({ minimum: 1, default: 600 }),
  /**
   * How long, in milliseconds, the read models may stay behind a position the event log had
   * reached before /readyz answers 503 (not ready): pages would show data that old.
   */
  READINESS_MAX_LAG_MS: Type.Integer({ minimum: 1, default: 10_000 }),
  /**
   * How long, in milliseconds, the embedded gateway keeps a caller's user state (role, deleted or
   * not) before reading their stream again, even when no change notice came: the bound on how
   * long a change made where this process hears nothing of it can go unseen.
   */
  USER_STATE_MAX_AGE_MS: Type.Integer({ minimum: 1, maximum: 3_600_000, default: 30_000 }),
  /**
   * How often, in milliseconds, each WebSocket connection holding subscriptions is sent a
   * heartbeat with the read models' latest position and the position after which every change
   * notice reached this gateway, so that a list that may have missed one catches up.
   */
  SUBSCRIPTION_HEARTBEAT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 10_000 }),
  /** GraphQL subscriptions one WebSocket connection may hold at once. */
  SUBSCRIPTIONS_PER_CONNECTION: Type.Integer({ minimum: 1, default: 20 }),
  /** GraphQL subscriptions one account may hold at once over all its connections. */
  SUBSCRIPTIONS_PER_CALLER: Type.Integer({ minimum: 1, default: 50 }),
  /**
   * Whose X-Forwarded-For names a request's client (request.ip: rate limits, logs), as Fastify's
   * trustProxy takes it: false (nobody's), true (anybody's: only when every request comes through
   * the proxy), or comma-separated addresses and CIDR ranges of the proxies (or loopback,
   * linklocal, uniquelocal). No hop count: Fastify 5 trusts nobody for one. See trustProxyOf.
   */
  TRUST_PROXY: Type.String({ minLength: 1, default: 'false' }),
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

/** Fastify's trustProxy: nobody, anybody, or these proxies. */
export type TrustProxy = boolean | readonly string[];

export interface AppConfig extends Omit<
  Env,
  'ADMIN_EMAILS' | 'WEB_ORIGIN' | 'PUBLIC_URL' | 'TRUST_PROXY'
> {
  readonly ADMIN_EMAILS: readonly string[];
  readonly WEB_ORIGIN: readonly string[];
  readonly PUBLIC_URL: string;
  readonly TRUST_PROXY: TrustProxy;
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
  'RATE_LIMIT_READS',
  'RATE_LIMIT_READS_PER_TOKEN',
  'SUBSCRIPTIONS_PER_CONNECTION',
  'SUBSCRIPTIONS_PER_CALLER',
  'READINESS_MAX_LAG_MS',
  'USER_STATE_MAX_AGE_MS',
  'SUBSCRIPTION_HEARTBEAT_MS',
  'QUEUE_PARTITIONS',
]);
const decimalKeys: ReadonlySet<string> = new Set(['BOOKING_EXPIRY_HOURS']);
/** Never printed: a problem with them names the setting only. */
const secretKeys: ReadonlySet<string> = new Set(['ACCESS_TOKEN_SECRET']);

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/** The names proxy-addr (Fastify's trustProxy) gives to address ranges. */
const proxyRangeNames: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, alone or with a prefix length (CIDR), or a range's name. */
function isProxyAddress(item: string): boolean {
  if (proxyRangeNames.has(item)) return true;
  const [address = '', prefixLength, ...more] = item.split('/');
  const family = isIP(address);
  if (family === 0 || more.length > 0) return false;
  if (prefixLength === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefixLength) && Number(prefixLength) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: true or false (any case), or the proxies'
 * addresses and CIDR ranges, comma-separated; undefined when it is none of these. A hop count
 * is not taken: Fastify 5 answers one by trusting nobody (it cannot tell the proxy from a client
 * that sends X-Forwarded-For itself), which would quietly count every client as the proxy.
 */
export function trustProxyOf(value: string): TrustProxy | undefined {
  const word = value.trim().toLowerCase();
  if (word === 'true' || word === 'false') return word === 'true';
  const proxies = list(value);
  return proxies.length > 0 && proxies.every(isProxyAddress) ? proxies : undefined;
}

const urlProblem = (value: string): string | undefined =>
  URL.canParse(value) ? undefined : 'must be an http:// or https:// URL';

/**
 * What settings whose form their schema does not say take, in the words of a one-line problem;
 * undefined when the value has that form.
 */
const formProblems: Partial<Record<SettingName, (value: string) => string | undefined>> = {
  PUBLIC_URL: (value) => urlProblem(value),
  AUTH_EMULATOR_PUBLIC_URL: (value) => urlProblem(value),
  TRUST_PROXY: (value) => {
    if (trustProxyOf(value) !== undefined) return undefined;
    return /^[0-9]+$/.test(value)
      ? 'is a hop count, which Fastify does not trust: name the proxies (their IP addresses or CIDR ranges)'
      : 'must be true, false, or comma-separated IP addresses or CIDR ranges of the proxies (or loopback, linklocal, uniquelocal)';
  },
};

/** A whole number written in decimal digits, else NaN (which no integer schema accepts). */
const wholeNumber = (value: string): number => (/^[0-9]+$/.test(value) ? Number(value) : NaN);
/** A number written in decimal digits with an optional fraction (1.5), else NaN. */
const decimalNumber = (value: string): number =>
  /^[0-9]+(\.[0-9]+)?$/.test(value) ? Number(value) : NaN;

interface SettingSchema {
  readonly type?: string;
  readonly anyOf?: readonly { readonly const?: unknown }[];
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
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
  if (schema.type === 'number')
    return `must be a number greater than ${schema.exclusiveMinimum ?? minimum ?? 0} and at most ${maximum ?? 'any'}`;
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
    const value = integerKeys.has(name)
      ? wholeNumber(given)
      : decimalKeys.has(name)
        ? decimalNumber(given)
        : given;
    raw[name] = value;
    const shown = secretKeys.has(name) ? name : `${name}=${given}`;
    if (!settingValidators.get(name)?.Check(value))
      problems.push(`${shown} ${expectation(EnvSchema.properties[name] as SettingSchema)}`);
    else {
      const formProblem = formProblems[name]?.(given);
      if (formProblem !== undefined) problems.push(`${shown} ${formProblem}`);
    }
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
  if (env.WEB_CLIENT_DIR && !existsSync(path.join(path.resolve(env.WEB_CLIENT_DIR), 'index.html')))
    problems.push(
      `WEB_CLIENT_DIR=${env.WEB_CLIENT_DIR} holds no index.html: build the web client into it (npm run -w web build makes web/dist), or unset WEB_CLIENT_DIR`,
    );
  if (!env.ACCESS_TOKEN_SECRET && (isDistributed(env) || env.NODE_ENV === 'production'))
    problems.push(
      'ACCESS_TOKEN_SECRET is required in production and in the distributed profile (every replica must share it)',
    );
  if (env.NODE_ENV === 'production' && env.ACCESS_TOKEN_SECRET) {
    const bits = Math.floor(estimatedSecretBits(env.ACCESS_TOKEN_SECRET));
    if (bits < SECRET_MIN_BITS)
      problems.push(
        `ACCESS_TOKEN_SECRET is too easy to guess (about ${bits} bits of entropy, at least ${SECRET_MIN_BITS} in production): make one with openssl rand -base64 48`,
      );
  }
  return problems;
}

/**
 * What a production secret must be worth by estimatedSecretBits: less than the least a random
 * secret of 32 hex digits (128 bits) scores, since the measure underrates short random strings,
 * and far more than a secret made of repeated or counted characters or words.
 */
export const SECRET_MIN_BITS = 80;

/**
 * A rough measure of how hard a secret is to guess, in bits: the entropy of its characters'
 * frequencies (Miller-Madow corrected: counted from a few dozen characters, the plain measure
 * falls short of the source's, the more so the more distinct characters there are) times its
 * length, reduced by how well it compresses (a repeated word, a run of one character, a counted
 * sequence). Random secrets of 32 characters or more score near their true entropy; 'a' x 40
 * scores 0, 'changeme-changeme-...' about 40.
 */
export function estimatedSecretBits(secret: string): number {
  if (secret.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const character of secret) counts.set(character, (counts.get(character) ?? 0) + 1);
  const length = [...secret].length;
  let bitsPerCharacter = (counts.size - 1) / (2 * length * Math.LN2);
  for (const count of counts.values()) {
    const share = count / length;
    bitsPerCharacter -= share * Math.log2(share);
  }
  const bytes = Buffer.byteLength(secret);
  const compressed = deflateRawSync(secret, { level: 9 }).length;
  return bitsPerCharacter * length * Math.min(1, compressed / bytes);
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
    // Checked by configProblems above.
    TRUST_PROXY: trustProxyOf(env.TRUST_PROXY) ?? false,
    WEB_CLIENT_DIR: env.WEB_CLIENT_DIR && path.resolve(env.WEB_CLIENT_DIR),
    AUTH_EMULATOR_PUBLIC_URL:
      env.AUTH_EMULATOR_PUBLIC_URL ??
      (env.FIREBASE_AUTH_EMULATOR_HOST && `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`),
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
