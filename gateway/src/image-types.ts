import type { ImageType } from '@resale/workers';

// What an upload must be to be stored: checked here, at the gateway's boundary, before the image
// store (workers/src/image-store) ever sees the bytes.

/**
 * The image type the bytes really are (by their magic numbers, whatever the client claims), and
 * only when they are one whole image that ends where its format says it ends: bytes hidden
 * after it (HTML, scripts, a ZIP archive: a polyglot) make it no image at all.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: readonly number[], at = 0) =>
    signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return isWholePng(bytes) ? 'image/png' : null;
  if (starts([0xff, 0xd8, 0xff]))
    // A JPEG ends with its end-of-image marker.
    return bytes.length >= 4 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9
      ? 'image/jpeg'
      : null;
  // RIFF....WEBP, whose RIFF size counts every byte after the first 8.
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true) + 8 === bytes.length
      ? 'image/webp'
      : null;
  return null;
}

/** IHDR first, well-formed chunks (length, four-letter type, data, CRC), and IEND last of all. */
function isWholePng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8, first = true; at + 12 <= bytes.length; first = false) {
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!/^[A-Za-z]{4}$/.test(type) || (first && type !== 'IHDR')) return false;
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) return false;
    if (type === 'IEND') return end === bytes.length;
    at = end;
  }
  return false;
}
