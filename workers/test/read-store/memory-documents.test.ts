import { describe, expect, it } from 'vitest';
import { compareAsSqlite } from '../../src/read-store/memory-documents.ts';
import { runSeed, seededRandom } from '../support/random.ts';

/** SQLite's BINARY collation: the strings' UTF-8 bytes. */
const byUtf8 = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('compareAsSqlite', () => {
  it('orders strings as their UTF-8 bytes, where UTF-16 order differs too', () => {
    // A code point above FFFF (a surrogate pair) after E000-FFFF, as in UTF-8; UTF-16 says before.
    const ordered = ['', 'a', 'ab', 'b', 'é', '\u{d7ff}', '\u{e000}', '\u{ffff}', '😀', '😀a'];
    const shuffled = [...ordered].reverse();
    expect(shuffled.sort(compareAsSqlite)).toEqual(ordered);
    expect('😀' < '\u{ffff}').toBe(true);
  });

  it('agrees with the UTF-8 bytes on random strings of every kind of unit', () => {
    const random = seededRandom(runSeed('compareAsSqlite'));
    const units = [0x41, 0x7a, 0xe9, 0x4e2d, 0xd7ff, 0xe000, 0xfffd, 0xffff];
    const pairs = ['😀', '𝄞', '\u{10ffff}'];
    const randomString = (): string => {
      let text = '';
      const length = Math.floor(random() * 5);
      for (let i = 0; i < length; i += 1)
        text +=
          random() < 0.3
            ? pairs[Math.floor(random() * pairs.length)]
            : String.fromCharCode(units[Math.floor(random() * units.length)] ?? 0x41);
      return text;
    };
    for (let i = 0; i < 5_000; i += 1) {
      const a = randomString();
      const b = randomString();
      expect(Math.sign(compareAsSqlite(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
        Math.sign(byUtf8(a, b)),
      );
    }
  });
});
