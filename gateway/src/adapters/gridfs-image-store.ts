import { GridFSBucket, type Db } from 'mongodb';
import { typeOfName, type ImageStore } from './image-store.ts';

// Apart from image-store.ts so that only the distributed profile loads the MongoDB driver.

/** Distributed profile: MongoDB GridFS (bucket `images`), so every gateway replica serves every image. */
export function gridFsImageStore(db: Db): ImageStore {
  const bucket = new GridFSBucket(db, { bucketName: 'images' });
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
  };
}
