import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { openEventStoreDbEventStore } from '../../src/store/eventstoredb-event-store.ts';
import { eventStoreContract } from './event-store.contract.ts';

/** Whether a Docker engine answers, asked quickly (and only when there is a socket to ask). */
async function dockerEngineAnswers(): Promise<boolean> {
  const socket =
    process.env.DOCKER_HOST ??
    ['/var/run/docker.sock', join(homedir(), '.docker/run/docker.sock')].find((path) =>
      existsSync(path),
    );
  if (!socket) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 5_000);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const configuredUrl = process.env.EVENTSTORE_URL;
const useDocker = !configuredUrl && (await dockerEngineAnswers());
const available = Boolean(configuredUrl) || useDocker;
// The reporter lists a skipped file without its suite title: say why where it shows.
if (!available)
  console.warn(
    'EventStoreDB event store contract: skipped: no server, no Docker engine (set EVENTSTORE_URL to run it)',
  );

describe.skipIf(!available)(
  available
    ? `EventStoreDB event store (${configuredUrl ? 'EVENTSTORE_URL' : 'testcontainers'})`
    : 'EventStoreDB event store (skipped: no server, no Docker engine)',
  () => {
    let url = configuredUrl ?? '';
    let container: StartedTestContainer | undefined;

    beforeAll(async () => {
      if (!useDocker) return;
      const { GenericContainer, Wait } = await import('testcontainers');
      // The image and settings of docker-compose.yml, with an in-memory database.
      container = await new GenericContainer('eventstore/eventstore:24.10')
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
          EVENTSTORE_MEM_DB: 'true',
        })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
        .withStartupTimeout(120_000)
        .start();
      url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    }, 180_000);

    afterAll(async () => {
      await container?.stop();
    });

    // Tests share one server: the contract uses fresh streams and reads from the head it found.
    eventStoreContract(async () => openEventStoreDbEventStore({ url }));
  },
);
