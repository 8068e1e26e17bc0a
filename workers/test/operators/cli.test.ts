import { execFile } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingEventLog } from '../../src/operators/cli.ts';
import { readReplayProgressFile } from '../../src/operators/replay-progress.ts';
import { runSeed, seededRandom } from '../support/random.ts';
import { appendAll, openEventStore, scratchDir, teardownAfterEach } from '../support/stores.ts';
import { randomWorkload } from '../support/workload.ts';

const workspace = fileURLToPath(new URL('../..', import.meta.url));
const clis = ['replay', 'audit', 'promote', 'bootstrap'] as const;
type Cli = (typeof clis)[number];

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `npm run <cli> -- <args>` as a child process (tsx, as npm runs it), whatever its exit code. */
function runCli(cli: Cli, args: readonly string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/operators/${cli}-cli.ts`, ...args],
      // The embedded profile whatever the test's own environment says.
      {
        cwd: workspace,
        env: { ...process.env, EVENTSTORE_URL: '', MONGODB_URL: '', REDIS_URL: '', ...env },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

/** Each command run at once (each spends a second or two starting tsx). */
const runEach = (args: (cli: Cli) => readonly string[], env: Record<string, string>) =>
  Promise.all(clis.map((cli) => runCli(cli, args(cli), env)));

const teardown = teardownAfterEach();

/** A scratch folder and a DATA_DIR inside it that does not exist yet. */
async function givenNoDataDir() {
  const scratch = await scratchDir('cli');
  teardown(scratch.remove);
  return { scratch: scratch.path, DATA_DIR: join(scratch.path, 'data') };
}

describe('an operator command finds the event log', () => {
  it('in DATA_DIR, when it holds one', async () => {
    const { DATA_DIR } = await givenNoDataDir();
    const message = `No event log in ${DATA_DIR} (DATA_DIR): start the marketplace once with npm start, or set DATA_DIR (or EVENTSTORE_URL)`;
    expect(missingEventLog({ DATA_DIR, EVENTSTORE_URL: undefined })).toBe(message);
    await mkdir(DATA_DIR);
    expect(missingEventLog({ DATA_DIR, EVENTSTORE_URL: undefined })).toBe(message);
    expect(await readdir(DATA_DIR)).toEqual([]);

    await openEventStore(DATA_DIR).close();
    expect(missingEventLog({ DATA_DIR, EVENTSTORE_URL: undefined })).toBeUndefined();
  });

  it('on the server EVENTSTORE_URL names, whatever DATA_DIR holds', async () => {
    const { DATA_DIR } = await givenNoDataDir();
    expect(
      missingEventLog({ DATA_DIR, EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' }),
    ).toBeUndefined();
  });
});

describe('the operator commands (npm run replay, audit, promote, bootstrap) as processes', () => {
  it('print their usage for --help or -h, exit 0 and create nothing', async () => {
    const { scratch, DATA_DIR } = await givenNoDataDir();
    const runs = (
      await Promise.all([
        runEach(() => ['--help'], { DATA_DIR }),
        runEach(() => ['-h'], { DATA_DIR }),
      ])
    ).flat();
    for (const [i, run] of runs.entries()) {
      const cli = clis[i % clis.length] ?? '';
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(new RegExp(`^Usage: npm run ${cli} `));
      expect(run.stdout).toContain('DATA_DIR');
      expect(run.code).toBe(0);
    }
    expect(await readdir(scratch)).toEqual([]);
  });

  it('refuse an unknown option with exit code 2 and one line', async () => {
    const { scratch, DATA_DIR } = await givenNoDataDir();
    const runs = await runEach(() => ['--bogus'], { DATA_DIR });
    for (const [i, run] of runs.entries()) {
      const cli = clis[i] ?? '';
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `npm run ${cli}: Unknown option '--bogus' (npm run ${cli} -- --help for the usage)\n`,
      );
      expect(run.code).toBe(2);
    }
    expect(await readdir(scratch)).toEqual([]);
  });

  it('stop with exit code 1 where DATA_DIR holds no event log, and create nothing', async () => {
    const { scratch, DATA_DIR } = await givenNoDataDir();
    const emptyDataDir = join(scratch, 'empty');
    await mkdir(emptyDataDir);
    const args = (cli: Cli) => (cli === 'audit' ? ['p1'] : cli === 'promote' ? ['a@b.org'] : []);
    const [absent, empty] = await Promise.all([
      runEach(args, { DATA_DIR }),
      runEach(args, { DATA_DIR: emptyDataDir }),
    ]);
    for (const [runs, dir] of [
      [absent, DATA_DIR],
      [empty, emptyDataDir],
    ] as const)
      for (const [i, run] of runs.entries()) {
        const cli = clis[i] ?? '';
        expect(run.stdout).toBe('');
        expect(run.stderr).toBe(
          `npm run ${cli}: No event log in ${dir} (DATA_DIR): start the marketplace once with ` +
            'npm start, or set DATA_DIR (or EVENTSTORE_URL)\n',
        );
        expect(run.code).toBe(1);
      }
    expect(await readdir(scratch)).toEqual(['empty']);
    expect(await readdir(emptyDataDir)).toEqual([]);
  });

  it('refuse an invalid LOG_LEVEL with exit code 1 and one line naming the levels', async () => {
    const { scratch, DATA_DIR } = await givenNoDataDir();
    const args = (cli: Cli) => (cli === 'audit' ? ['p1'] : cli === 'promote' ? ['a@b.org'] : []);
    const runs = await runEach(args, { DATA_DIR, LOG_LEVEL: 'loud' });
    for (const [i, run] of runs.entries()) {
      const cli = clis[i] ?? '';
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `npm run ${cli}: LOG_LEVEL=loud is not one of fatal, error, warn, info, debug, trace, silent\n`,
      );
      expect(run.code).toBe(1);
    }
    expect(await readdir(scratch)).toEqual([]);
  });
});

describe('npm run replay', () => {
  it('leaves its progress beside the embedded read store, for the operations page', async () => {
    const { DATA_DIR } = await givenNoDataDir();
    await mkdir(DATA_DIR);
    const eventStore = openEventStore(DATA_DIR);
    const workload = randomWorkload(seededRandom(runSeed('cli replay')), 10, {
      cancelBookingsOfDeleted: false,
    });
    const head = await appendAll(eventStore, workload);
    await eventStore.close();

    const run = await runCli('replay', ['users'], { DATA_DIR });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readReplayProgressFile(DATA_DIR)).toMatchObject({
      names: ['users'],
      startedBy: 'command line',
      state: 'swapped',
      position: head,
      events: head,
    });
  });
});
