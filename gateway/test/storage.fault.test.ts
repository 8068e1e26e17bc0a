import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../src/errors.ts';
import {
  bearer,
  buildTestApp,
  listingOf,
  registerUser,
  seedCategories,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

/** Fills the folder's file system until it has no room left; answers the filler file. */
function fill(folder: string): string {
  const filler = path.join(folder, 'filler');
  const fd = openSync(filler, 'w');
  const block = Buffer.alloc(256 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  // What a block does not fill is filled byte by byte, to the last one.
  const last = openSync(filler, 'a');
  try {
    for (;;) writeSync(last, Buffer.alloc(1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(last);
  }
  return filler;
}

describe('a full disk (a 48 MB tmpfs as the data folder)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'gateway-full-disk-'));
  let t: TestApp;
  let seller: SignedInUser;

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', folder]);
    t = await buildTestApp({}, folder);
    await seedCategories(t.app);
    seller = await registerUser(t.app, 'seller');
  });
  afterAll(async () => {
    await t?.close({ keepData: true });
    execFileSync('umount', [folder]);
    rmSync(folder, { recursive: true, force: true });
  });

  const list = (productName: string) =>
    t.app.inject({
      method: 'POST',
      url: '/myProducts',
      headers: bearer(seller.accessToken),
      payload: listingOf(seller, { productName }),
    });

  it('refuses writes with 507 and says why, then takes them again once there is room; nothing acknowledged is lost', async () => {
    const acknowledged: string[] = [];
    const before = await list('before the disk filled');
    expect(before.statusCode).toBe(201);
    acknowledged.push(before.json<{ insertedId: string }>().insertedId);

    const filler = fill(folder);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await list(`while full ${i}`);
      statuses.push(answer.statusCode);
      if (answer.statusCode === 201)
        acknowledged.push(answer.json<{ insertedId: string }>().insertedId);
      else
        expect(answer.json()).toEqual({
          statusCode: 507,
          error: 'Insufficient Storage',
          message: STORAGE_UNAVAILABLE_MESSAGE,
        });
    }
    expect(statuses.filter((status) => status !== 201 && status !== 507)).toEqual([]);
    expect(statuses).toContain(507);

    unlinkSync(filler);
    await expect.poll(async () => (await list('after')).statusCode, { timeout: 10_000 }).toBe(201);

    // Every listing answered 201 is in the log and reaches the pages.
    const position = await t.app.eventStore.headPosition();
    await expect
      .poll(
        async () => {
          const page = await t.app.inject({
            url: `/myProducts/${encodeURIComponent(seller.email)}?minPosition=${position}`,
            headers: bearer(seller.accessToken),
          });
          const ids = page.json<{ _id: string }[]>().map((product) => product._id);
          return acknowledged.filter((id) => !ids.includes(id));
        },
        { timeout: 15_000 },
      )
      .toEqual([]);
  });
});

describe('/readyz while the read models lag the log', () => {
  let t: TestApp;
  let seller: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp({ READINESS_MAX_LAG_MS: '300' });
    await seedCategories(t.app);
    seller = await registerUser(t.app, 'seller');
  });
  afterAll(() => t.close());

  const readiness = async () => {
    const answer = await t.app.inject({ url: '/readyz' });
    return {
      status: answer.statusCode,
      readModels: answer.json<{ checks: { readModels: { ok: boolean } } }>().checks.readModels,
    };
  };

  it('answers 503 while they stay behind longer than READINESS_MAX_LAG_MS, 200 once they catch up', async () => {
    expect((await readiness()).status).toBe(200);
    // Another process holds the read models' write lock (SQLite's locks are per process, so it
    // must be another one): the projector waits and retries.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const { DatabaseSync } = require('node:sqlite');
         const db = new DatabaseSync(process.argv[1]);
         db.exec('PRAGMA busy_timeout = 5000; BEGIN IMMEDIATE');
         console.log('locked');
         process.stdin.on('end', () => { db.exec('ROLLBACK'); db.close(); });
         process.stdin.resume();`,
        path.join(t.dataDir, 'read-models.sqlite3'),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const released = new Promise((resolve) => holder.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once('data', () => resolve());
        holder.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
      });
      const listed = await t.app.inject({
        method: 'POST',
        url: '/myProducts',
        headers: bearer(seller.accessToken),
        payload: listingOf(seller),
      });
      expect(listed.statusCode).toBe(201);
      await expect
        .poll(readiness, { timeout: 10_000, interval: 100 })
        .toMatchObject({ status: 503, readModels: { ok: false } });
    } finally {
      holder.stdin.end();
      await released;
    }
    await expect
      .poll(readiness, { timeout: 20_000, interval: 100 })
      .toMatchObject({ status: 200, readModels: { ok: true } });
  });
});
