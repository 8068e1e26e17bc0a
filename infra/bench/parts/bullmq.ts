// Live path through BullMQ on Redis: the distributed profile's pipeline with embedded stores.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEventStore } from '@resale/events';
import { Redis } from 'ioredis';
import { startAuthEmulator } from '../../src/auth-emulator.ts';
import { accessTokensOf, signUpAccounts, type BenchAccount } from '../accounts.ts';
import { seedAccountsAndCategories, seedProducts } from '../catalog-seed.ts';
import { forkScript, type ChildProcessHandle } from '../child-processes.ts';
import { measureBookingConfirmations, type LiveFigures } from '../live-path.ts';
import { cpuProfileDir, settings } from '../settings.ts';
import { freePort, log } from '../support.ts';
import type { BenchPart, PartContext } from './part.ts';
import { account, gatewayEnv, untilProjected } from './processes.ts';
import { liveGoals } from './texts.ts';

const env = process.env;
const workerMain = fileURLToPath(
  new URL('./worker-main.ts', import.meta.resolve('@resale/workers')),
);

export const bullmq: BenchPart = {
  name: 'bullmq',
  async run(context) {
    if (!(await redisAnswers(settings.redisUrl)))
      return {
        notes: [`BullMQ live path not measured: no Redis answered at ${settings.redisUrl}.`],
        goals: liveGoals('Live path (BullMQ on Redis)', undefined, undefined, 100),
      };
    log('Live path through BullMQ on Redis');
    const figures = await measureBullmqLivePath(context);
    return {
      details: { liveBullmq: figures },
      goals: liveGoals('Live path (BullMQ on Redis)', figures, undefined, 100),
    };
  },
};

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Deletes this run's keys (BullMQ queues, relay lease and checkpoint) and nothing else. */
async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/**
 * The distributed profile's live path with embedded stores: the gateway does not project; its
 * relay enqueues into BullMQ (Redis); a worker process consumes, projects and publishes the change
 * on Redis; the gateway hears it there and sends the subscription message.
 */
async function measureBullmqLivePath({ processes, scratch }: PartContext): Promise<LiveFigures> {
  const emulator = await startAuthEmulator({ port: await freePort(2) });
  processes.onStop(() => emulator.stop());
  const prefix = `bench-${randomUUID().slice(0, 8)}`;
  const redisEnv = {
    REDIS_URL: settings.redisUrl,
    REDIS_PREFIX: prefix,
    REDIS_CHANNEL_PREFIX: `${prefix}:`,
    QUEUE_PARTITIONS: '4',
  };
  processes.onStop(async () => {
    const deleted = await deleteKeys(settings.redisUrl, prefix);
    log(`  deleted ${deleted} Redis keys under ${prefix}`);
  });
  const [seller, buyer] = (await signUpAccounts(emulator.host, [
    account('seller', 1, 'seller'),
    account('live', 1, 'buyer'),
  ])) as [BenchAccount, BenchAccount];
  const dataDir = path.join(scratch, 'bullmq');
  const store = createEventStore({ DATA_DIR: dataDir });
  await seedAccountsAndCategories(store, [seller, buyer], seller);
  const products = await seedProducts(
    store,
    seller,
    settings.liveBookingsPerSecond * settings.liveSeconds,
  );
  await store.close();

  const worker: ChildProcessHandle = forkScript(workerMain, {
    env: {
      PATH: env['PATH'],
      HOME: env['HOME'],
      DATA_DIR: dataDir,
      RELAY: 'off',
      ...redisEnv,
    },
    cpuProfileDir,
    label: 'worker process',
  });
  processes.onStop(() => worker.stop());
  const gateway = await processes.startGateway(
    'BullMQ gateway',
    gatewayEnv(dataDir, emulator, { ...redisEnv, BENCH_PIPELINE: 'bullmq' }),
  );
  try {
    await untilProjected(gateway);
  } catch (error) {
    throw new Error(`${String(error)}\nworker output:\n${worker.output()}`);
  }
  const tokens = await accessTokensOf(gateway.url, [buyer]);
  return measureBookingConfirmations('BullMQ', {
    gatewayUrl: gateway.url,
    buyer: { account: buyer, accessToken: tokens.get(buyer.email) ?? '' },
    products,
    perSecond: settings.liveBookingsPerSecond,
  });
}
