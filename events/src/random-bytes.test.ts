import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random-bytes.ts';

describe('pooledRandomBytes', () => {
  it('hands out each byte once, across refills of the pool', () => {
    // 9,000 draws of 16 bytes: more than two refills of the 64 KiB pool.
    const draws = Array.from({ length: 9_000 }, () => pooledRandomBytes(16).toString('hex'));
    expect(draws.every((draw) => draw.length === 32)).toBe(true);
    expect(new Set(draws).size).toBe(draws.length);
  });

  it('gives copies, which a refill of the pool leaves as they were', () => {
    const first = pooledRandomBytes(16);
    const kept = Buffer.from(first);
    for (let draw = 0; draw < 5_000; draw += 1) pooledRandomBytes(16);
    expect(first.equals(kept)).toBe(true);
  });

  it('refuses a draw larger than the pool', () => {
    expect(() => pooledRandomBytes(64 * 1024 + 1)).toThrow(RangeError);
  });
});
