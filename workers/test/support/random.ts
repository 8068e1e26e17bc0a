/** A seeded PRNG (mulberry32): the same seed replays the same workload, so a failure can be rerun. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** The seed of this run: TEST_SEED when given (to replay a failure), otherwise fresh, and printed. */
export function runSeed(label: string): number {
  const fromEnv = Number(process.env['TEST_SEED']);
  const seed =
    Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : Math.floor(Math.random() * 2 ** 31);
  console.info(`[${label}] seed ${seed} (rerun with TEST_SEED=${seed})`);
  return seed;
}
