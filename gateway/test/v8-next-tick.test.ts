import { describe, expect, it } from 'vitest';
import { settleNextTick } from '../src/v8-next-tick.ts';

describe('settleNextTick', () => {
  it('has run every tick it made by the time it resolves, and leaves nextTick working', async () => {
    const order: string[] = [];
    // As if chosen on the command line: the test leaves its process's V8 flags alone.
    const settling = settleNextTick(['--no-allocation-site-pretenuring']).then(() =>
      order.push('settled'),
    );
    process.nextTick(() => order.push('tick queued meanwhile'));
    await settling;
    const afterwards = new Promise<void>((resolve) =>
      process.nextTick((value: string) => {
        order.push(value);
        resolve();
      }, 'tick after'),
    );
    await afterwards;
    expect(order).toEqual(['tick queued meanwhile', 'settled', 'tick after']);
  });
});
