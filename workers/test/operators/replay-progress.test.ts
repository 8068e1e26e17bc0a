import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readReplayProgressFile,
  replayProgressReporter,
  replayProgressFile,
  replayProgressTopic,
  replayRunOf,
  type ReplayRun,
} from '../../src/operators/replay-progress.ts';
import { createInProcessPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import { createBullmqQueue } from '../../src/queue/bullmq-queue.ts';
import { openQueueDepthReader } from '../../src/queue/queue-depth.ts';
import { recordedEvent } from '../support/events.ts';
import { deleteKeys, redisAnswers, redisUrl, uniquePrefix } from '../support/redis.ts';

const redisUp = await redisAnswers();
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("a replay's progress", () => {
  it('reaches the file beside the embedded read store and the pub/sub, to the swap', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'replay-progress-'));
    dirs.push(dataDir);
    const pubsub = createInProcessPubSub();
    const heard: ReplayRun[] = [];
    await pubsub.subscribe(replayProgressTopic, (payload) => heard.push(payload as ReplayRun));
    const reporter = replayProgressReporter({
      names: ['users'],
      startedBy: 'command line',
      dataDir,
      pubsub,
      intervalMs: 0,
    });
    reporter.progress({ position: 5, head: 10, events: 5 });
    expect(readReplayProgressFile(dataDir)).toMatchObject({
      names: ['users'],
      startedBy: 'command line',
      state: 'running',
      position: 5,
      head: 10,
    });
    await reporter.swapped({
      names: ['users'],
      events: 12,
      position: 12,
      seconds: 0.1,
      eventsPerSecond: 120,
      catchUps: 1,
    });
    const last = readReplayProgressFile(dataDir);
    expect(last).toMatchObject({ state: 'swapped', position: 12, head: 12, events: 12 });
    expect(heard.at(-1)).toEqual(last);
    await pubsub.close();
  });

  it('says why it failed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'replay-progress-'));
    dirs.push(dataDir);
    const reporter = replayProgressReporter({ names: ['products'], startedBy: 'u1', dataDir });
    await reporter.failed(new Error('disk full'));
    expect(readReplayProgressFile(dataDir)).toMatchObject({ state: 'failed', error: 'disk full' });
  });

  it('is null before any replay', () => {
    expect(readReplayProgressFile(path.join(tmpdir(), 'no-such-folder-here'))).toBeNull();
  });
});

describe.skipIf(!redisUp)("the workers' queue depth (BullMQ)", () => {
  it('sums the waiting jobs of every partition', async () => {
    const prefix = uniquePrefix('queue-depth');
    const queue = createBullmqQueue({ redisUrl, prefix, partitions: 2 });
    const reader = await openQueueDepthReader({ redisUrl, prefix, partitions: 2 });
    try {
      expect(await reader.read()).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
      for (const [i, stream] of ['product-a', 'product-b', 'user-c'].entries())
        await queue.enqueue(recordedEvent(stream, 0, i + 1));
      expect(await reader.read()).toEqual({ waiting: 3, active: 0, delayed: 0, failed: 0 });
    } finally {
      await reader.close();
      await queue.close();
      await deleteKeys(prefix);
    }
  });
});

describe('a replay progress report from another process', () => {
  const run: ReplayRun = {
    id: 'r1',
    names: ['products'],
    startedBy: 'command line',
    startedAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:01.000Z',
    state: 'running',
    position: 10,
    head: 20,
    events: 10,
  };

  it('is taken when it has every field of a run, and refused otherwise', () => {
    expect(replayRunOf(run)).toEqual(run);
    expect(replayRunOf({ ...run, state: 'done' })).toBeNull();
    expect(replayRunOf({ ...run, names: ['nothing'] })).toBeNull();
    expect(replayRunOf({ ...run, position: '10' })).toBeNull();
    expect(replayRunOf(null)).toBeNull();
  });

  it('is not read from a file that holds something else', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'replay-progress-'));
    dirs.push(dataDir);
    writeFileSync(replayProgressFile(dataDir), JSON.stringify({ id: 'r1' }));
    expect(readReplayProgressFile(dataDir)).toBeNull();
    writeFileSync(replayProgressFile(dataDir), JSON.stringify(run));
    expect(readReplayProgressFile(dataDir)).toEqual(run);
  });
});
