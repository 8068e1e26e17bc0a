import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

// For the contract suites of adapters whose server this machine may not have (EventStoreDB,
// MongoDB). Test support only: testcontainers is a development dependency, loaded on demand.

/** Whether a Docker engine answers, asked quickly (and only when there is a socket to ask). */
export async function dockerEngineAnswers(): Promise<boolean> {
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

export interface ServerSuite {
  /** The server named by the environment variable, if any. */
  readonly configuredUrl: string | undefined;
  /** No URL, but a Docker engine: the suite starts its own container. */
  readonly useDocker: boolean;
  readonly available: boolean;
  /** The suite's title, saying where it runs or why it is skipped. */
  readonly title: string;
}

/**
 * Where a server-backed suite runs: the server of `urlVariable`, a testcontainers container, or
 * nowhere, which is then said in the run's output (reporters fold a skipped suite's title away).
 */
export async function serverSuite(name: string, urlVariable: string): Promise<ServerSuite> {
  const configuredUrl = process.env[urlVariable] || undefined;
  const useDocker = !configuredUrl && (await dockerEngineAnswers());
  const available = Boolean(configuredUrl) || useDocker;
  if (!available)
    console.warn(
      `${name} contract: skipped: no server, no Docker engine (set ${urlVariable} to run it)`,
    );
  return {
    configuredUrl,
    useDocker,
    available,
    title: available
      ? `${name} (${configuredUrl ? urlVariable : 'testcontainers'})`
      : `${name} (skipped: no server, no Docker engine)`,
  };
}
