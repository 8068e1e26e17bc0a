import { describe, expect, it } from 'vitest';
import { limitHeapGrowth } from '../src/v8-heap.ts';

describe("the gateway's V8 heap growing factor", () => {
  it('is set when the command line chose none', () => {
    expect(limitHeapGrowth([])).toBe(true);
  });

  it('leaves a growing factor chosen on the command line alone', () => {
    expect(limitHeapGrowth(['--import', 'tsx', '--heap-growing-percent=50'])).toBe(false);
    expect(limitHeapGrowth(['--heap_growing_percent', '50'])).toBe(false);
  });
});
