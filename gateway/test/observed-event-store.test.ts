import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type AppendResult, type EventStore } from '@resale/events';
import { observeAppends } from '../src/adapters/observed-event-store.ts';

/** A store whose appends wait for the test to settle them, recording when listeners hear. */
function storeWithHeldAppends() {
  const heard: string[] = [];
  let settle: ((outcome: 'commit' | 'refuse') => void) | undefined;
  const held = (streamId: string) =>
    new Promise<AppendResult>((resolve, reject) => {
      heard.push(`append ${streamId}`);
      settle = (outcome) =>
        outcome === 'commit'
          ? resolve({ nextExpectedRevision: 0, position: 1 })
          : reject(new WrongExpectedRevisionError(streamId, 'no_stream', 0));
    });
  const inner = {
    append: (streamId: string) => held(streamId),
    appendSequence: async (appends: readonly { streamId: string }[]) => [
      await held(appends.map(({ streamId }) => streamId).join('+')),
    ],
  } as unknown as EventStore;
  const store = observeAppends(inner);
  store.onAppend((streamId) => heard.push(`onAppend ${streamId}`));
  store.onAppendSettled(() => heard.push('settled'));
  return { store, heard, settle: (outcome: 'commit' | 'refuse') => settle?.(outcome) };
}

describe('observeAppends', () => {
  it('tells onAppend before and after an append, onAppendSettled once it committed', async () => {
    const { store, heard, settle } = storeWithHeldAppends();
    const appended = store.append('product-1', [], { expectedRevision: 'no_stream' });
    expect(heard).toEqual(['onAppend product-1', 'append product-1']);
    settle('commit');
    await appended;
    expect(heard).toEqual([
      'onAppend product-1',
      'append product-1',
      'onAppend product-1',
      'settled',
    ]);
  });

  it('tells onAppendSettled once per refused sequence, after each stream was told', async () => {
    const { store, heard, settle } = storeWithHeldAppends();
    const appended = store.appendSequence([
      { streamId: 'product-1', events: [], expectedRevision: 0 },
      { streamId: 'booking-1', events: [], expectedRevision: 'no_stream' },
    ]);
    await Promise.resolve();
    expect(heard).not.toContain('settled');
    settle('refuse');
    await expect(appended).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(heard).toEqual([
      'onAppend product-1',
      'onAppend booking-1',
      'append product-1+booking-1',
      'onAppend product-1',
      'onAppend booking-1',
      'settled',
    ]);
  });
});
