// npm run -w infra bench:capacity: the capacity model (capacity.ts) of results/latest.json again,
// after a change of the model, without a new run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeCapacity } from './capacity.ts';
import type { Results } from './report.ts';

const dir = fileURLToPath(new URL('./results/', import.meta.url));
const results = JSON.parse(readFileSync(`${dir}latest.json`, 'utf8')) as Results;
console.info(`Wrote ${writeCapacity(dir, results).join(' and ')}`);
