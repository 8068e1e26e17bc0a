import sharp from 'sharp';

/** Small whole images of each accepted type, as uploads would carry them. */

/** A real 1×1 PNG. */
export const wholePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A whole PNG of exactly `size` bytes: the 1×1 PNG with a text chunk before its IEND. */
export function pngOfSize(size: number): Buffer {
  const iend = wholePng.subarray(wholePng.length - 12);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(size - wholePng.length - 12);
  const chunk = Buffer.concat([
    length,
    Buffer.from('tEXt'),
    Buffer.alloc(size - wholePng.length - 12),
    Buffer.alloc(4),
  ]);
  return Buffer.concat([wholePng.subarray(0, wholePng.length - 12), chunk, iend]);
}

/** A small picture (`width`×`height`, red on the left, blue on the right) made by sharp. */
export function pictureOf(format: 'jpeg' | 'webp' | 'png', width = 64, height = 48) {
  const half = { width: width / 2, height, channels: 3, background: '#00c' } as const;
  const picture = sharp({ create: { width, height, channels: 3, background: '#c00' } }).composite([
    { input: { create: half }, left: width / 2, top: 0 },
  ]);
  return picture.toFormat(format).toBuffer();
}

/** A real 64×48 JPEG. */
export const wholeJpeg = await pictureOf('jpeg');

/** A real 64×48 WebP. */
export const wholeWebp = await pictureOf('webp');
