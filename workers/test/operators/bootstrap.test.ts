import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  categoryDecider,
  categoryStreamId,
  handleCommand,
  systemActor,
  type EventStore,
} from '@resale/events';
import { describe, expect, it } from 'vitest';
import { fileImageStore } from '../../src/image-store/file-image-store.ts';
import {
  bootstrapCommand,
  bootstrapMarket,
  categoryPictureName,
  marketCategories,
} from '../../src/operators/bootstrap.ts';
import { UsageError } from '../../src/operators/command-line.ts';
import {
  givenAnEventStore,
  openEventStore,
  scratchDir,
  teardownAfterEach,
} from '../support/stores.ts';

const teardown = teardownAfterEach();

async function register(eventStore: EventStore, uid: string, email: string): Promise<void> {
  const metadata = {
    actorUid: uid,
    actorEmail: email,
    occurredAt: '2026-11-21T10:00:00.000Z',
    correlationId: randomUUID(),
    causationId: randomUUID(),
  };
  await eventStore.append(
    `user-${uid}`,
    [
      {
        eventId: randomUUID(),
        event: {
          type: 'UserRegistered',
          schemaVersion: 1,
          data: { uid, name: 'Ann', email, role: 'buyer' },
        },
        metadata,
      },
    ],
    { expectedRevision: 'no_stream' },
  );
}

async function givenAMarket() {
  const { eventStore, dir } = await givenAnEventStore('bootstrap', teardown);
  return { eventStore, images: fileImageStore(dir), dir };
}

describe('bootstrap (npm run bootstrap)', () => {
  it('creates the categories of the spec, each with its picture, by the system', async () => {
    const { eventStore, images } = await givenAMarket();
    const result = await bootstrapMarket({ eventStore, images });
    expect(result.categories.map(({ title, outcome }) => [title, outcome])).toEqual([
      ['Samsung', 'created'],
      ['Oppo', 'created'],
      ['Iphone', 'created'],
    ]);
    expect(result.admins).toEqual([]);
    for (const { categoryId, title } of marketCategories) {
      const [created, ...more] = await eventStore.readStream(categoryStreamId(categoryId));
      expect(more).toEqual([]);
      expect(created).toMatchObject({ type: 'CategoryCreated', data: { categoryId, title } });
      expect(created?.metadata.actorUid).toBe('system');
      const image = (created?.data as { image: string }).image;
      const stored = await images.load(image);
      expect(stored?.contentType).toBe('image/png');
      expect(image).toBe(categoryPictureName(categoryId, stored!.bytes));
      expect(stored!.bytes.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('changes nothing when run again', async () => {
    const { eventStore, images } = await givenAMarket();
    await bootstrapMarket({ eventStore, images });
    const head = await eventStore.headPosition();
    const again = await bootstrapMarket({ eventStore, images });
    expect(again.categories.every(({ outcome }) => outcome === 'already there')).toBe(true);
    expect(await eventStore.headPosition()).toBe(head);
  });

  it('keeps a category that exists with another picture (the demo data)', async () => {
    const { eventStore, images } = await givenAMarket();
    await handleCommand(eventStore, categoryStreamId('oppo'), categoryDecider, {
      type: 'CreateCategory',
      data: { categoryId: 'oppo', title: 'Oppo', image: 'demo-oppo.png' },
      metadata: {
        ...systemActor,
        now: new Date().toISOString(),
        correlationId: 'demo-seed',
        causationId: 'demo-seed',
      },
    });
    const result = await bootstrapMarket({ eventStore, images });
    expect(result.categories.map(({ categoryId, outcome }) => [categoryId, outcome])).toEqual([
      ['samsung', 'created'],
      ['oppo', 'already there'],
      ['iphone', 'created'],
    ]);
    expect(await eventStore.readStream(categoryStreamId('oppo'))).toHaveLength(1);
  });

  it('makes registered users admins, once, and says who is not registered', async () => {
    const { eventStore, images } = await givenAMarket();
    await register(eventStore, 'ann1', 'ann@example.com');
    const adminEmails = ['Ann@Example.com', 'bob@example.com'];
    const first = await bootstrapMarket({ eventStore, images, adminEmails });
    expect(first.admins).toEqual([
      { email: 'Ann@Example.com', uid: 'ann1', outcome: 'promoted' },
      { email: 'bob@example.com', outcome: 'not registered' },
    ]);
    // The categories are made all the same.
    expect(first.categories.every(({ outcome }) => outcome === 'created')).toBe(true);
    const again = await bootstrapMarket({ eventStore, images, adminEmails });
    expect(again.admins[0]).toEqual({
      email: 'Ann@Example.com',
      uid: 'ann1',
      outcome: 'already admin',
    });
    const history = await eventStore.readStream('user-ann1');
    expect(history.map((event) => event.type)).toEqual(['UserRegistered', 'UserPromoted']);
  });

  describe('its command line', () => {
    it('takes any number of --admin e-mails', () => {
      expect(bootstrapCommand.parse([])).toEqual({ help: false, args: { admins: [] } });
      expect(bootstrapCommand.parse(['--admin', 'a@b.org', '--admin=c@d.org'])).toEqual({
        help: false,
        args: { admins: ['a@b.org', 'c@d.org'] },
      });
      expect(bootstrapCommand.parse(['-h'])).toEqual({ help: true });
    });

    it.each([
      [['ann@example.com'], "an admin's e-mail goes after --admin: --admin ann@example.com"],
      [['now'], 'unexpected argument "now"'],
      [['--admin', 'ann'], '"ann" is not an e-mail'],
      [['--admin'], "Option '--admin <value>' argument missing"],
    ])('refuses %j: %s', (argv, message) => {
      expect(() => bootstrapCommand.parse(argv)).toThrow(new UsageError(message));
    });
  });
});

const workspace = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run bootstrap -- <args>` as a child process (tsx, as npm runs it). */
function runBootstrap(args: readonly string[], DATA_DIR: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/operators/bootstrap-cli.ts', ...args],
      {
        cwd: workspace,
        env: {
          ...process.env,
          EVENTSTORE_URL: '',
          MONGODB_URL: '',
          REDIS_URL: '',
          LOG_LEVEL: '',
          DATA_DIR,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

describe('npm run bootstrap as a process, on a data folder', () => {
  it('prepares the market, changes nothing the second time, and names a missing admin', async () => {
    const scratch = await scratchDir('bootstrap-cli');
    teardown(scratch.remove);
    const DATA_DIR = join(scratch.path, 'data');
    await mkdir(DATA_DIR);
    const eventStore = openEventStore(DATA_DIR);
    await register(eventStore, 'ann1', 'ann@example.com');
    await eventStore.close();

    const first = await runBootstrap(['--admin', 'ann@example.com'], DATA_DIR);
    expect(first).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'Category Samsung (samsung): created.\n' +
        'Category Oppo (oppo): created.\n' +
        'Category Iphone (iphone): created.\n' +
        'ann@example.com (uid ann1) is now an admin.\n',
    });
    expect((await readdir(join(DATA_DIR, 'images'))).sort()).toHaveLength(3);

    const again = await runBootstrap(
      ['--admin', 'ann@example.com', '--admin', 'bob@example.com'],
      DATA_DIR,
    );
    expect(again.stdout).toBe(
      'Category Samsung (samsung): already there.\n' +
        'Category Oppo (oppo): already there.\n' +
        'Category Iphone (iphone): already there.\n' +
        'ann@example.com (uid ann1) was already an admin; nothing changed.\n',
    );
    expect(again.stderr).toBe(
      'npm run bootstrap: no user registered with bob@example.com yet: sign up with that e-mail ' +
        'on the site, then run this again (or list it in ADMIN_EMAILS before signing up)\n',
    );
    expect(again.code).toBe(1);

    const log = openEventStore(DATA_DIR);
    try {
      // Three categories and one promotion: nothing twice.
      expect(await log.headPosition()).toBe(5);
    } finally {
      await log.close();
    }
  });
});
