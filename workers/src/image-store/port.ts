export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export const extensionOf: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const typeOfExtension: Record<string, ImageType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export interface StoredImage {
  contentType: ImageType;
  bytes: Buffer;
}

/**
 * Uploaded images by server-generated name (`<uuid>.<ext>`). The bytes are stored as given: that
 * they are an image of their type is checked where they arrive (the gateway's uploads).
 */
export interface ImageStore {
  save(name: string, image: StoredImage): Promise<void>;
  load(name: string): Promise<StoredImage | null>;
  close(): Promise<void>;
}

export const typeOfName = (name: string): ImageType | undefined =>
  typeOfExtension[name.split('.').pop() ?? ''];
