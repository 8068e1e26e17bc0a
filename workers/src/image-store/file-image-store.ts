import { mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { typeOfName, type ImageStore } from './port.ts';

/** Embedded profile: files under `<DATA_DIR>/images`, written whole before they get their name. */
export function fileImageStore(dataDir: string): ImageStore {
  const dir = path.join(dataDir, 'images');
  mkdirSync(dir, { recursive: true });
  return {
    async save(name, { bytes }) {
      const partial = path.join(dir, `.${name}.partial`);
      await writeFile(partial, bytes, { flush: true });
      await rename(partial, path.join(dir, name));
    },
    async load(name) {
      const contentType = typeOfName(name);
      if (!contentType) return null;
      try {
        return { contentType, bytes: await readFile(path.join(dir, name)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    // Nothing held open: each save and load opens its file.
    async close() {},
  };
}
