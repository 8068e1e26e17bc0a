import { randomFillSync } from 'node:crypto';

/**
 * Random bytes from a buffer refilled in one call to the system's generator, for the small draws
 * made per request: the IVs of personal data, the random bits of event ids. Each call into
 * OpenSSL touches state that the server's other threads keep evicting from the CPU's caches, so
 * one call per draw cost many times what the bytes themselves do (`npm run bench`'s profiles).
 * Each byte is handed out once; the pool is refilled when what is left is short of a draw.
 */
const pool = Buffer.alloc(64 * 1024);
let used = pool.length;

export function pooledRandomBytes(length: number): Buffer {
  if (length > pool.length) throw new RangeError(`At most ${pool.length} random bytes at a time`);
  if (used + length > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + length));
  used += length;
  return bytes;
}
