// Summarizes a V8 CPU profile (from BENCH_CPU_PROF=<dir> npm run bench): where the time went, by
// function (self and inclusive) and by package or source file.
//   npx tsx bench/profile-summary.ts <file.cpuprofile> [rows] [fromSeconds-toSeconds]
// With `timeline` instead of rows it prints how busy the thread was in each second, to choose a
// window (seconds from the profile's start) such as a load round's.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg, windowArg] = process.argv.slice(2);
if (!file)
  throw new Error('Usage: profile-summary.ts <file.cpuprofile> [rows|timeline] [from-to seconds]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** Each sample's node and duration, with its time from the profile's start in microseconds. */
const samples: { id: number; at: number; micros: number }[] = [];
let clock = 0;
profile.samples.forEach((id, index) => {
  const micros = profile.timeDeltas[index] ?? 0;
  clock += micros;
  samples.push({ id, at: clock, micros });
});

if (rowsArg === 'timeline') {
  const busy: number[] = [];
  for (const { id, at, micros } of samples) {
    if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
    const second = Math.floor(at / 1e6);
    busy[second] = (busy[second] ?? 0) + micros;
  }
  for (let second = 0; second < busy.length; second++)
    console.info(
      `${String(second).padStart(4)} s  ${(((busy[second] ?? 0) / 1e6) * 100).toFixed(0).padStart(3)} % busy`,
    );
  process.exit(0);
}

const rows = Number(rowsArg ?? 30);
const [from, to] = (windowArg ?? '0-Infinity').split('-').map((value) => Number(value) * 1e6);
const selfMicros = new Map<number, number>();
for (const { id, at, micros } of samples) {
  if (at < (from ?? 0) || at > (to ?? Infinity)) continue;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + micros);
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

const where = ({ url, lineNumber }: ProfileNode['callFrame']): string => {
  const path = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inPackage) return `${inPackage[1]}`;
  const inRepo = /\/work\/main\/(.+)$/.exec(path);
  return inRepo ? `${inRepo[1]}:${lineNumber + 1}` : path || '(native)';
};
const label = (node: ProfileNode): string =>
  `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame)}`;

// Inclusive time: a node's own samples plus its subtree's, counted once per function per stack.
const inclusive = new Map<string, number>();
const walk = (id: number, onStack: Set<string>): number => {
  const node = byId.get(id);
  if (!node) return 0;
  let sum = selfMicros.get(id) ?? 0;
  const name = label(node);
  const fresh = !onStack.has(name);
  if (fresh) onStack.add(name);
  for (const child of node.children ?? []) sum += walk(child, onStack);
  if (fresh) {
    onStack.delete(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + sum);
  }
  return sum;
};
const root = profile.nodes[0];
if (root) walk(root.id, new Set());

const self = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  self.set(label(node), (self.get(label(node)) ?? 0) + micros);
  const place = where(node.callFrame).replace(/:\d+$/, '');
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
}

const show = (title: string, values: Map<string, number>): void => {
  console.info(`\n${title}`);
  for (const [name, micros] of [...values].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.info(`${((100 * micros) / total).toFixed(1).padStart(6)} %  ${name}`);
};
console.info(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show('Self time by function', self);
show('Self time by package or file', byPlace);
show('Inclusive time by function', inclusive);
