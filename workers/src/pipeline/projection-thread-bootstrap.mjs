// The projection thread's first module, plain JavaScript: a worker thread inherits neither the
// TypeScript loader its process runs under nor vitest's, so it registers tsx's before loading the
// TypeScript entry. A failure to load is told to the process like any failure to start.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

try {
  register();
  await import('./projection-thread-entry.ts');
} catch (error) {
  parentPort?.postMessage({
    type: 'start-failed',
    message: String((error && error.stack) || error),
  });
}
