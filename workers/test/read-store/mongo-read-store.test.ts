import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { projections } from '../../src/projections/registry.ts';
import { openMongoReadStore, type ReadStore } from '../../src/read-models.ts';
import { readStoreContract } from './read-store.contract.ts';

/** Whether a Docker engine answers, asked quickly (and only when there is a socket to ask). */
async function dockerEngineAnswers(): Promise<boolean> {
  const socket =
    process.env.DOCKER_HOST ??
    ['/var/run/docker.sock', join(homedir(), '.docker/run/docker.sock')].find((path) =>
      existsSync(path),
    );
  if (!socket) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5_000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

const configuredUrl = process.env.MONGODB_URL;
const useDocker = !configuredUrl && (await dockerEngineAnswers());
const available = Boolean(configuredUrl) || useDocker;
// Said in the run's output, not only in a skipped suite's title that reporters fold away.
if (!available)
  console.warn(
    'MongoDB read store contract: skipped: no server, no Docker engine (set MONGODB_URL to run it)',
  );

describe.skipIf(!available)(
  available
    ? `MongoDB read store (${configuredUrl ? 'MONGODB_URL' : 'testcontainers'})`
    : 'MongoDB read store (skipped: no server, no Docker engine)',
  () => {
    let url = configuredUrl ?? '';
    let container: StartedTestContainer | undefined;
    let admin: MongoClient | undefined;
    const databases = new Map<ReadStore, string>();

    beforeAll(async () => {
      if (useDocker) {
        const { GenericContainer, Wait } = await import('testcontainers');
        container = await new GenericContainer('mongo:7')
          .withExposedPorts(27017)
          .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
          .start();
        url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}`;
      }
      admin = await new MongoClient(url).connect();
    }, 180_000);

    afterAll(async () => {
      // Drop only the databases these tests made.
      for (const dbName of databases.values()) await admin?.db(dbName).dropDatabase();
      await admin?.close();
      await container?.stop();
    });

    readStoreContract({
      atomicEvents: false,
      open: async () => {
        const dbName = `read_store_contract_${process.pid}_${databases.size + 1}`;
        const store = await openMongoReadStore({ url, dbName });
        databases.set(store, dbName);
        return store;
      },
      failWritesOf: async (store, model, id) => {
        const db = admin!.db(databases.get(store));
        const collection = projections[model].collection;
        // A validator makes the server itself reject every write of that document.
        await db.command({
          collMod: collection,
          validator: { _id: { $ne: id } },
          validationLevel: 'strict',
          validationAction: 'error',
        });
        return async () => {
          await db.command({ collMod: collection, validator: {}, validationLevel: 'off' });
        };
      },
    });
  },
);
