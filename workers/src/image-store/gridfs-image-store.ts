import { GridFSBucket, MongoClient } from 'mongodb';
import { typeOfName, type ImageStore } from './port.ts';

// Apart from the file adapter so that only the distributed profile loads the MongoDB driver
// (create-image-store.ts imports it when MONGODB_URL is set).

export interface GridFsImageStoreOptions {
  readonly url: string;
  readonly dbName: string;
}

/**
 * Distributed profile: MongoDB GridFS (bucket `images`), so every gateway replica serves every
 * image. The store has a connection of its own, closed by close().
 */
export async function openGridFsImageStore({
  url,
  dbName,
}: GridFsImageStoreOptions): Promise<ImageStore> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.close();
    throw error;
  }
  const bucket = new GridFSBucket(client.db(dbName), { bucketName: 'images' });
  return {
    save: (name, { contentType, bytes }) =>
      new Promise((resolve, reject) => {
        const upload = bucket.openUploadStream(name, { metadata: { contentType } });
        upload.once('error', reject);
        upload.once('finish', () => resolve());
        upload.end(bytes);
      }),
    async load(name) {
      const contentType = typeOfName(name);
      if (!contentType) return null;
      const [file] = await bucket.find({ filename: name }).limit(1).toArray();
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.openDownloadStreamByName(name)) chunks.push(chunk as Buffer);
      return { contentType, bytes: Buffer.concat(chunks) };
    },
    close: () => client.close(),
  };
}
