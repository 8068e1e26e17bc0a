import { fileImageStore } from './file-image-store.ts';
import type { ImageStore } from './port.ts';

export interface ImageStoreEnv {
  /** MongoDB connection string: the distributed profile (GridFS). Unset: files. */
  readonly MONGODB_URL?: string | undefined;
  /** MongoDB database name; default 'resale'. */
  readonly MONGODB_DB?: string | undefined;
  /** The file store keeps the images under `<DATA_DIR>/images`. */
  readonly DATA_DIR: string;
}

/** Uploaded images: GridFS when MONGODB_URL is set, files under the data folder otherwise. */
export async function createImageStore(env: ImageStoreEnv): Promise<ImageStore> {
  if (env.MONGODB_URL) {
    // Imported here only: the embedded profile does not load the MongoDB driver.
    const { openGridFsImageStore } = await import('./gridfs-image-store.ts');
    return openGridFsImageStore({ url: env.MONGODB_URL, dbName: env.MONGODB_DB || 'resale' });
  }
  return fileImageStore(env.DATA_DIR);
}
