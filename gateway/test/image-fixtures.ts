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

/** A JPEG's start (SOI, JFIF header) through its end-of-image marker. */
export const wholeJpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
  Buffer.from([0xff, 0xd9]),
]);

/** A WebP whose RIFF size counts every byte after the first 8. */
export const wholeWebp = (() => {
  const body = Buffer.concat([Buffer.from('WEBPVP8 '), Buffer.from([4, 0, 0, 0, 1, 2, 3, 4])]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF'), size, body]);
})();
