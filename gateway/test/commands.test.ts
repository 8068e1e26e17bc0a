import { afterEach, describe, expect, it, vi } from 'vitest';
import { newEventId, timeOrderedUuid } from '../src/commands.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('time-ordered ids', () => {
  it('are version 7 UUIDs that start with their time and sort by it', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 });
    const earlier = timeOrderedUuid();
    vi.setSystemTime(1_800_000_000_001);
    const later = timeOrderedUuid();
    for (const id of [earlier, later])
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(earlier.slice(0, 13)).toBe('01a3185c-5000');
    expect(earlier < later).toBe(true);
  });

  it('are unique and in order when made within one millisecond', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_002 });
    const ids = Array.from({ length: 1_000 }, () => timeOrderedUuid());
    expect(new Set(ids).size).toBe(1_000);
    expect(ids).toEqual([...ids].sort());
  });
});

describe('event ids', () => {
  it('are version 7 UUIDs that start with their time, unique within one millisecond', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 });
    const ids = Array.from({ length: 5_000 }, () => newEventId());
    vi.setSystemTime(1_800_000_000_001);
    const later = newEventId();
    for (const id of [...ids, later])
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids.every((id) => id.startsWith('01a3185c-5000'))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id < later)).toBe(true);
  });
});
