import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from '../src/commands.ts';

describe('time-ordered ids', () => {
  it('are version 7 UUIDs that sort by their time, with random digits after it', () => {
    const earlier = timeOrderedUuid(1_800_000_000_000);
    const later = timeOrderedUuid(1_800_000_000_001);
    for (const id of [earlier, later])
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13)).toBe('01a3185c-5000');
    const sameTime = new Set(Array.from({ length: 1_000 }, () => timeOrderedUuid(1)));
    expect(sameTime.size).toBe(1_000);
  });
});
