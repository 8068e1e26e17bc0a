import { appendFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backupDataFolder, restoreDataFolder } from '../../src/operators/backup.ts';
import { OperatorError } from '../../src/operators/cli.ts';
import { openSqliteIdempotencyStore } from '../../src/idempotency-store/sqlite-idempotency-store.ts';
import { startEmbeddedPipeline } from '../../src/pipeline/pipelines.ts';
import { createInProcessPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import { waitForPosition } from '../../src/pubsub/wait-for-position.ts';
import { printError } from '../support/events.ts';
import { runSeed, seededRandom } from '../support/random.ts';
import {
  appendAll,
  freshReplayHashes,
  givenEmbeddedStores,
  openEventStore,
  openReadStore,
  scratchDir,
  teardownAfterEach,
} from '../support/stores.ts';
import { randomWorkload } from '../support/workload.ts';

const teardown = teardownAfterEach();

async function givenAScratchFolder(label: string): Promise<string> {
  const scratch = await scratchDir(label);
  teardown(scratch.remove);
  return scratch.path;
}

/** The embedded service's projection on these stores, stopped after the test. */
async function givenTheProjection(stores: Awaited<ReturnType<typeof givenEmbeddedStores>>) {
  const pubsub = createInProcessPubSub();
  teardown(() => pubsub.close());
  const pipeline = await startEmbeddedPipeline({
    ...stores,
    pubsub,
    onError: printError,
    endBookings: false,
  });
  teardown(() => pipeline.stop());
  return pubsub;
}

describe('npm run backup and npm run restore', () => {
  it('copy the data folder while appends and projection go on; the restore catches up to a replay', async () => {
    const stores = await givenEmbeddedStores('backup', teardown);
    await givenTheProjection(stores);
    const idempotency = openSqliteIdempotencyStore(stores.dir);
    teardown(() => idempotency.close());
    const answer = {
      fingerprint: 'f1',
      statusCode: 201,
      body: '{"acknowledged":true}',
      owner: 'user-1',
    };
    await idempotency.put('user-1:key-1', answer);
    writeFileSync(join(stores.dir, 'access-token-secret'), 'secret\n');
    mkdirSync(join(stores.dir, 'images'));
    writeFileSync(join(stores.dir, 'images', 'a.webp'), 'image bytes');

    const workload = randomWorkload(seededRandom(runSeed('backup while serving')), 240, {
      cancelBookingsOfDeleted: false,
    });
    const before = await appendAll(stores.eventStore, workload.slice(0, 120));
    // The rest is appended while the copy is taken.
    const appending = appendAll(stores.eventStore, workload.slice(120));
    const backups = await givenAScratchFolder('backups');
    const manifest = await backupDataFolder({ dataDir: stores.dir, to: join(backups, 'b1') });
    const after = await appending;
    expect(manifest.eventLogHead).toBeGreaterThanOrEqual(before);
    expect(manifest.eventLogHead).toBeLessThanOrEqual(after);
    expect(manifest.files.map((file) => file.name).sort()).toEqual(
      [
        'access-token-secret',
        'events.sqlite3',
        'idempotency.sqlite',
        'images/a.webp',
        'read-models.sqlite3',
      ].sort(),
    );

    const restoredDir = join(await givenAScratchFolder('restored'), 'data');
    await restoreDataFolder({ from: join(backups, 'b1'), dataDir: restoredDir });
    const restored = {
      eventStore: openEventStore(restoredDir),
      readStore: openReadStore(restoredDir),
      dir: restoredDir,
    };
    teardown(
      () => restored.eventStore.close(),
      () => restored.readStore.close(),
    );
    expect(await restored.eventStore.headPosition()).toBe(manifest.eventLogHead);
    // The read models were copied first: never ahead of the log they came with.
    expect(await restored.readStore.hasApplied(manifest.eventLogHead + 1)).toBe(false);
    const restoredAnswers = openSqliteIdempotencyStore(restoredDir);
    teardown(() => restoredAnswers.close());
    expect(await restoredAnswers.get('user-1:key-1')).toEqual(answer);

    const pubsub = await givenTheProjection(restored);
    expect(await waitForPosition(restored.readStore, pubsub, manifest.eventLogHead, 30_000)).toBe(
      true,
    );
    // A copy taken between a ProductBooked and its BookingPlaced leaves the booking to the
    // restored booking reactor, which appends it before projecting the ProductBooked: by now the
    // log's head is final, and the read models must reach it too.
    const head = await restored.eventStore.headPosition();
    expect(await waitForPosition(restored.readStore, pubsub, head, 30_000)).toBe(true);
    expect(await restored.readStore.hashModels()).toEqual(
      await freshReplayHashes(restored.eventStore, restoredDir),
    );
  });

  it('refuse a folder that exists, a folder without a log, and a restore over a log', async () => {
    const stores = await givenEmbeddedStores('backup-refusals', teardown);
    const backups = await givenAScratchFolder('backups');
    mkdirSync(join(backups, 'taken'));
    await expect(
      backupDataFolder({ dataDir: stores.dir, to: join(backups, 'taken') }),
    ).rejects.toThrow(
      new OperatorError(`${join(backups, 'taken')} exists already: back up into a new folder`),
    );
    const empty = await givenAScratchFolder('no-log');
    await expect(backupDataFolder({ dataDir: empty, to: join(backups, 'b') })).rejects.toThrow(
      OperatorError,
    );
    expect(existsSync(join(backups, 'b'))).toBe(false);

    await backupDataFolder({ dataDir: stores.dir, to: join(backups, 'good') });
    await expect(
      restoreDataFolder({ from: join(backups, 'good'), dataDir: stores.dir }),
    ).rejects.toThrow('holds an event log already: restore into an empty folder');
  });

  it('refuses a backup whose files changed since, and copies nothing', async () => {
    const stores = await givenEmbeddedStores('backup-tampered', teardown);
    await appendAll(
      stores.eventStore,
      randomWorkload(seededRandom(runSeed('backup tampered')), 20, {
        cancelBookingsOfDeleted: false,
      }),
    );
    const backups = await givenAScratchFolder('backups');
    await backupDataFolder({ dataDir: stores.dir, to: join(backups, 'b') });
    appendFileSync(join(backups, 'b', 'events.sqlite3'), 'more');
    const restoredDir = join(await givenAScratchFolder('restored'), 'data');
    await expect(
      restoreDataFolder({ from: join(backups, 'b'), dataDir: restoredDir }),
    ).rejects.toThrow(OperatorError);
    expect(existsSync(restoredDir) ? readdirSync(restoredDir) : []).toEqual([]);
  });
});

const workspace = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run <cli> -- <args>` as npm runs it (tsx, in the workspace, INIT_CWD where typed). */
function runCli(cli: 'backup' | 'restore', args: readonly string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/operators/${cli}-cli.ts`, ...args],
      {
        cwd: workspace,
        env: { ...process.env, EVENTSTORE_URL: '', MONGODB_URL: '', REDIS_URL: '', ...env },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

describe('npm run backup and npm run restore as processes', () => {
  it('back up into a folder named from where npm ran, restore it, and refuse with one line', async () => {
    const stores = await givenEmbeddedStores('backup-cli', teardown);
    const head = await appendAll(
      stores.eventStore,
      randomWorkload(seededRandom(runSeed('backup cli')), 20, { cancelBookingsOfDeleted: false }),
    );
    const typedIn = await givenAScratchFolder('typed-in');
    const backup = await runCli('backup', ['nightly'], { DATA_DIR: stores.dir, INIT_CWD: typedIn });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backed up .* into ${join(typedIn, 'nightly')} in .*the log up to position ${head}\\.\\n$`,
      ),
    );
    expect(backup.code).toBe(0);

    const restoredDir = join(typedIn, 'restored');
    const restore = await runCli('restore', ['nightly'], {
      DATA_DIR: restoredDir,
      INIT_CWD: typedIn,
    });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain(
      `the log ends at position ${head} and passed its integrity check`,
    );
    expect(restore.code).toBe(0);

    const [again, help, servers] = await Promise.all([
      runCli('restore', ['nightly'], { DATA_DIR: restoredDir, INIT_CWD: typedIn }),
      runCli('backup', ['--help'], { DATA_DIR: stores.dir }),
      runCli('backup', ['other'], {
        DATA_DIR: stores.dir,
        INIT_CWD: typedIn,
        MONGODB_URL: 'mongodb://127.0.0.1:1',
      }),
    ]);
    expect(again.stderr).toBe(
      `npm run restore: ${restoredDir} (DATA_DIR) holds an event log already: restore into an empty folder\n`,
    );
    expect(again.code).toBe(1);
    expect(help.stdout).toMatch(/^Usage: npm run backup -- <new folder>/);
    expect(help.code).toBe(0);
    expect(servers.stderr).toMatch(/^npm run backup: MONGODB_URL names servers whose data/);
    expect(servers.code).toBe(1);
    expect(existsSync(join(typedIn, 'other'))).toBe(false);
  });
});
