import { createEventStore } from '@resale/events';
import { embeddedAccessTokenSecret } from '@resale/gateway';
import { createImageStore } from '@resale/workers';
import path from 'node:path';
import { AUTH_PROJECT_ID, startStackAuthEmulator } from './auth-emulator.ts';
import { seedDemoData, type SeededAccount } from './demo/seed-demo-data.ts';
import { webOrigins } from './embedded-stack.ts';
import { FERRETDB_VERSION, startMongoWireServer } from './mongo-wire-server.ts';
import { freePortRun } from './ports.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';
import { ensureWebBuild } from './web-build.ts';
import { startWebServer } from './web-server.ts';

/*
 * The distributed profile on one machine, without Docker: several gateway processes and several
 * worker processes sharing BullMQ queues and pub/sub on Redis, read models and images in a
 * MongoDB-wire server, the Auth emulator, and the built web client. Used by
 * `npm run start:distributed` and by the distributed suite.
 *
 * The event log is the embedded SQLite log, one file that every process opens (EventStoreDB
 * cannot be had here; EVENTSTORE_URL switches to it). SQLite serialises the writers of a file
 * across processes (each append is a BEGIN IMMEDIATE transaction that checks the stream's
 * revision under the lock), so optimistic concurrency holds across gateways, and the workers'
 * relay finds other processes' commits at the gateways' notices on Redis (or by polling the file,
 * should a notice be lost: workers/src/pubsub/log-appends.ts).
 */

export interface DistributedStackOptions {
  /** The event log, the emulator's accounts, and the files of the servers started here. */
  readonly dataDir: string;
  readonly host: string;
  /** One port per gateway process (0: a free one); two by default. */
  readonly gatewayPorts?: readonly number[];
  readonly workers?: number;
  /** The web client's port (0: a free one), or null for no web client. */
  readonly webPort: number | null;
  readonly authPort: number;
  /**
   * Settings of the gateways and workers as they read them from their environment. MONGODB_URL
   * and REDIS_URL name servers to use instead of starting FerretDB and redis-server here.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly webDistDir?: string;
  readonly log?: (line: string) => void;
}

export interface DistributedStack {
  readonly urls: {
    /** The web client (talking to the first gateway), when one was asked for. */
    readonly web: string | undefined;
    /** The first gateway's URL. */
    readonly api: string;
    readonly gateways: readonly string[];
    readonly authEmulator: string;
    readonly mongodb: string;
    readonly redis: string;
  };
  /** What serves MongoDB and Redis: started here, or named by the environment. */
  readonly servers: { readonly mongodb: string; readonly redis: string };
  readonly dataDir: string;
  readonly authProjectId: string;
  readonly accounts: readonly SeededAccount[];
  readonly gateways: readonly ServiceProcess[];
  /** The worker processes running now (addWorker adds, a killed one stays listed until removed). */
  readonly workers: ServiceProcess[];
  /** Starts one more worker process, as a crashed one's replacement would be. */
  addWorker(): Promise<ServiceProcess>;
  /** The Redis server started here, or undefined when REDIS_URL names one. */
  readonly redis: RedisServer | undefined;
  /** The settings an operator command (npm run replay, audit) needs to reach this stack. */
  readonly operatorEnv: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

const defined = (entries: Readonly<Record<string, string | undefined>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/**
 * One worker process (workers/src/worker-main.ts) with its health server on a free loopback port,
 * ready once its /readyz answers 200: every partition queue consumed, both stores answering. That
 * holds at any LOG_LEVEL, where a line the worker logs would not.
 */
export async function startWorkerProcess(options: {
  readonly name: string;
  /** The worker's settings (REDIS_URL, DATA_DIR or MONGODB_URL, ...); HEALTH_PORT is set here. */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}): Promise<ServiceProcess> {
  const healthPort = await freePortRun(1);
  return startServiceProcess({
    name: options.name,
    workspace: 'workers',
    entry: 'src/worker-main.ts',
    env: { ...options.env, HEALTH_PORT: String(healthPort), HEALTH_HOST: '127.0.0.1' },
    ready: { url: `http://127.0.0.1:${healthPort}/readyz` },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
}

export async function startDistributedStack(
  options: DistributedStackOptions,
): Promise<DistributedStack> {
  const { dataDir, host, env = {}, log = () => {} } = options;
  const gatewayPorts = await Promise.all(
    (options.gatewayPorts ?? [0, 0]).map((port) => (port === 0 ? freePortRun(1, host) : port)),
  );
  const gatewayUrls = gatewayPorts.map((port) => `http://${host}:${port}`);
  const webPort =
    options.webPort === null
      ? null
      : options.webPort === 0
        ? await freePortRun(1, host)
        : options.webPort;
  const webUrl = webPort === null ? undefined : `http://${host}:${webPort}`;

  const stoppers: (() => Promise<unknown>)[] = [];
  const stop = async (): Promise<void> => {
    for (const stopOne of stoppers.splice(0).reverse())
      await stopOne().catch((error: unknown) => console.error(error));
  };

  try {
    // Each server that starts is stopped with the rest, also when another failed to start.
    const started = <S extends { stop(): Promise<unknown> } | undefined>(starting: Promise<S>) =>
      starting.then((server) => {
        if (server) stoppers.push(() => server.stop());
        return server;
      });
    const mongoStarting = started(
      env.MONGODB_URL
        ? Promise.resolve({ url: env.MONGODB_URL, stop: async () => {}, label: 'MONGODB_URL' })
        : startMongoWireServer({ dataDir: path.join(dataDir, 'mongodb'), log }).then((server) => ({
            ...server,
            label: `FerretDB ${FERRETDB_VERSION} (started here)`,
          })),
    );
    const redisStarting = started(
      env.REDIS_URL
        ? Promise.resolve(undefined)
        : startRedisServer({ dataDir: path.join(dataDir, 'redis') }),
    );
    const authStarting = started(startStackAuthEmulator(options.authPort, dataDir));
    const starting = [mongoStarting, redisStarting, authStarting] as const;
    await Promise.allSettled(starting);
    const [mongo, redis, auth] = await Promise.all(starting);
    const redisUrl = env.REDIS_URL ?? redis!.url;
    const mongoDb = env.MONGODB_DB ?? 'resale';

    // Every process of the deployment: one log, one database, one queue prefix and channel prefix.
    const shared = defined({
      ...env,
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
      DATA_DIR: dataDir,
      MONGODB_URL: mongo.url,
      MONGODB_DB: mongoDb,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: env.REDIS_PREFIX ?? 'resale',
      REDIS_CHANNEL_PREFIX: env.REDIS_CHANNEL_PREFIX ?? 'resale:',
    });

    const webBuild = webUrl
      ? ensureWebBuild({
          settings: {
            VITE_API_URL: gatewayUrls[0]!,
            VITE_AUTH_EMULATOR_URL: `http://${auth.host}`,
            VITE_FIREBASE_PROJECT_ID: AUTH_PROJECT_ID,
          },
          outDir: options.webDistDir,
          log,
        })
      : Promise.resolve(undefined);

    // The demo data goes in before the workers start; they project it like any other events.
    // The gateways' image store (GridFS, as MONGODB_URL is set), through a handle of its own.
    const images = await createImageStore({
      MONGODB_URL: mongo.url,
      MONGODB_DB: mongoDb,
      DATA_DIR: dataDir,
    });
    const seedStore = createEventStore({
      EVENTSTORE_URL: env.EVENTSTORE_URL,
      DATA_DIR: dataDir,
      MONGODB_URL: mongo.url,
      MONGODB_DB: mongoDb,
    });
    const seeded = await seedDemoData({
      eventStore: seedStore,
      authEmulatorHost: auth.host,
      images,
      log,
    }).finally(async () => {
      await seedStore.close();
      await images.close();
    });

    const workers: ServiceProcess[] = [];
    let workerCount = 0;
    const addWorker = async (): Promise<ServiceProcess> => {
      workerCount += 1;
      const worker = await startWorkerProcess({ name: `worker ${workerCount}`, env: shared });
      workers.push(worker);
      return worker;
    };
    stoppers.push(async () => {
      for (const worker of workers) await worker.stop();
    });
    for (let i = 0; i < (options.workers ?? 2); i += 1) await addWorker();

    const gatewayEnv = {
      ...shared,
      HOST: host,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIREBASE_PROJECT_ID: AUTH_PROJECT_ID,
      // Every gateway signs and checks access tokens with the same secret.
      ACCESS_TOKEN_SECRET: env.ACCESS_TOKEN_SECRET ?? embeddedAccessTokenSecret(dataDir),
      WEB_ORIGIN:
        env.WEB_ORIGIN ??
        (webPort === null ? gatewayUrls[0]! : webOrigins(host, webPort).join(',')),
    };
    const gateways = await Promise.all(
      gatewayPorts.map((port, i) =>
        startServiceProcess({
          name: `gateway ${i + 1}`,
          workspace: 'gateway',
          entry: 'src/server.ts',
          env: { ...gatewayEnv, PORT: String(port), PUBLIC_URL: gatewayUrls[i]! },
          ready: { url: `${gatewayUrls[i]}/readyz` },
        }),
      ),
    );
    stoppers.push(async () => {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
    });

    const webDistDir = await webBuild;
    if (webPort !== null && webDistDir !== undefined) {
      const web = await startWebServer({
        distDir: webDistDir,
        host,
        port: webPort,
        apiUrl: gatewayUrls[0]!,
        authEmulatorUrl: `http://${auth.host}`,
      });
      stoppers.push(() => web.close());
    }

    return {
      urls: {
        web: webUrl,
        api: gatewayUrls[0]!,
        gateways: gatewayUrls,
        authEmulator: `http://${auth.host}`,
        mongodb: mongo.url,
        redis: redisUrl,
      },
      servers: {
        mongodb: mongo.label,
        redis: redis ? 'redis-server (started here)' : 'REDIS_URL',
      },
      dataDir,
      authProjectId: AUTH_PROJECT_ID,
      accounts: seeded.accounts,
      gateways,
      workers,
      addWorker,
      redis,
      operatorEnv: defined({
        DATA_DIR: dataDir,
        EVENTSTORE_URL: env.EVENTSTORE_URL,
        MONGODB_URL: mongo.url,
        MONGODB_DB: mongoDb,
        REDIS_URL: redisUrl,
        REDIS_CHANNEL_PREFIX: shared.REDIS_CHANNEL_PREFIX,
      }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
