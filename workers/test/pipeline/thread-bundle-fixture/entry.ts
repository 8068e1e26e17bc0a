// A thread entry for thread-bundle.test.ts: reports what it sees from inside the bundle.
import { parentPort } from 'node:worker_threads';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { whereAmI } from './neighbour.cjs';

const lazy = async (): Promise<string> => (await import('./lazy.ts')).lazyName;

parentPort?.postMessage({
  importMetaUrl: import.meta.url,
  neighbourFile: whereAmI(),
  packageWorks: Compile(Type.Object({ n: Type.Number() })).Check({ n: 1 }),
  lazyName: await lazy(),
});
