import { describe, expect, it, vi } from 'vitest';
import { ChangeFeed, PENDING_CHANGES_LIMIT } from '../../src/graphql/change-feed.ts';

describe('ChangeFeed', () => {
  it('gives changes in the order pushed, waiting for the next one when none is pending', async () => {
    const feed = new ChangeFeed<number>(() => true);
    feed.push(1);
    expect(await feed.next()).toEqual({ value: 1, done: false });
    const waiting = feed.next();
    feed.push(2);
    feed.push(3);
    expect(await waiting).toEqual({ value: 2, done: false });
    expect(await feed.next()).toEqual({ value: 3, done: false });
  });

  it('admits each change when it is pulled: rights lost while it waited drop it', async () => {
    let allowed = true;
    const feed = new ChangeFeed<string>((change) => allowed || change === 'public');
    feed.push('first');
    feed.push('second');
    feed.push('public');
    expect((await feed.next()).value).toBe('first');
    allowed = false;
    expect((await feed.next()).value).toBe('public');
  });

  it(`keeps at most ${PENDING_CHANGES_LIMIT} changes for a subscriber that does not read: the newest`, async () => {
    const feed = new ChangeFeed<number>(() => true);
    for (let change = 1; change <= PENDING_CHANGES_LIMIT + 5; change += 1) feed.push(change);
    expect((await feed.next()).value).toBe(6);
  });

  it('ends at once on return(), even while waiting, and unsubscribes once', async () => {
    const unsubscribe = vi.fn(async () => {});
    const feed = new ChangeFeed<number>(() => true);
    feed.stopsWith(unsubscribe);
    const waiting = feed.next();
    expect(await feed.return()).toEqual({ value: undefined, done: true });
    expect(await waiting).toEqual({ value: undefined, done: true });
    await feed.return();
    feed.push(1);
    expect(await feed.next()).toEqual({ value: undefined, done: true });
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('unsubscribes at once when the subscription ended before the pub/sub answered', async () => {
    const unsubscribe = vi.fn(async () => {});
    const feed = new ChangeFeed<number>(() => true);
    await feed.return();
    feed.stopsWith(unsubscribe);
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('ends quietly when the pub/sub is already closed', async () => {
    const feed = new ChangeFeed<number>(() => true);
    feed.stopsWith(() => Promise.reject(new Error('closed')));
    await expect(feed.return()).resolves.toEqual({ value: undefined, done: true });
  });
});
