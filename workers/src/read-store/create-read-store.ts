import { join } from 'node:path';
import { openEmbeddedReadStore } from './embedded-read-store.ts';
import type { ReadStore } from './port.ts';

export interface ReadStoreEnv {
  /** MongoDB connection string: the distributed profile. Unset: the embedded store. */
  readonly MONGODB_URL?: string | undefined;
  /** MongoDB database name; default 'resale'. */
  readonly MONGODB_DB?: string | undefined;
  /** Folder of the embedded store's file. */
  readonly DATA_DIR: string;
}

export const embeddedReadStoreFile = (dataDir: string): string =>
  join(dataDir, 'read-models.sqlite3');

/** The read store the configuration names: MongoDB when MONGODB_URL is set, else embedded. */
export async function createReadStore(env: ReadStoreEnv): Promise<ReadStore> {
  if (env.MONGODB_URL) {
    // Imported here only: the embedded profile does not load the MongoDB driver.
    const { openMongoReadStore } = await import('./mongo-read-store.ts');
    return openMongoReadStore({ url: env.MONGODB_URL, dbName: env.MONGODB_DB || 'resale' });
  }
  return openEmbeddedReadStore({ file: embeddedReadStoreFile(env.DATA_DIR) });
}
