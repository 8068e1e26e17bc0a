import { measureReplay } from './replay-bench.ts';
const f = await measureReplay('/tmp/rp/data', 200_000);
console.log(JSON.stringify(f));
