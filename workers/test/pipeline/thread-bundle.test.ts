import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { bundleThreadEntry } from '../../src/pipeline/thread-bundle.ts';

const fixture = new URL('./thread-bundle-fixture/', import.meta.url);

describe('bundleThreadEntry (a thread entry in TypeScript, run without a TypeScript loader)', () => {
  it('runs as it would unbundled: its own import.meta.url, CommonJS neighbours, packages, lazy imports', async () => {
    const bundle = await bundleThreadEntry(new URL('entry.ts', fixture));
    try {
      const folder = dirname(fileURLToPath(bundle.url));
      // The lazily imported module is a chunk of its own, not part of the entry's file.
      expect(readdirSync(folder).length).toBeGreaterThan(1);
      expect(readFileSync(bundle.url, 'utf8')).not.toContain('lazy chunk');

      const worker = new Worker(bundle.url);
      const seen = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      expect(seen).toEqual({
        importMetaUrl: new URL('entry.ts', fixture).href,
        neighbourFile: fileURLToPath(new URL('neighbour.cjs', fixture)),
        packageWorks: true,
        lazyName: 'lazy chunk',
      });
    } finally {
      await bundle.remove();
    }
    expect(existsSync(bundle.url)).toBe(false);
  });

  it('fails with esbuild’s message for an entry that does not build', async () => {
    const missing = pathToFileURL('/nonexistent/entry.ts');
    await expect(bundleThreadEntry(missing)).rejects.toThrow(/nonexistent\/entry\.ts/);
  });
});
