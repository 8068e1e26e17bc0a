import type { IdempotencyStore } from './port.ts';
import { openSqliteIdempotencyStore } from './sqlite-idempotency-store.ts';

export interface IdempotencyStoreEnv {
  /** MongoDB connection string: the distributed profile. Unset: the embedded store. */
  readonly MONGODB_URL?: string | undefined;
  /** MongoDB database name; default 'resale'. */
  readonly MONGODB_DB?: string | undefined;
  /** Folder of the embedded store's file (idempotency.sqlite). */
  readonly DATA_DIR: string;
}

/**
 * Where first answers to idempotent commands are kept: MongoDB when MONGODB_URL is set, else
 * SQLite under the data folder.
 */
export async function createIdempotencyStore(env: IdempotencyStoreEnv): Promise<IdempotencyStore> {
  if (env.MONGODB_URL) {
    // Imported here only: the embedded profile does not load the MongoDB driver.
    const { openMongoIdempotencyStore } = await import('./mongo-idempotency-store.ts');
    return openMongoIdempotencyStore({ url: env.MONGODB_URL, dbName: env.MONGODB_DB || 'resale' });
  }
  return openSqliteIdempotencyStore(env.DATA_DIR);
}
