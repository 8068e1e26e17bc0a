import type { ImageType } from '@resale/workers';

// What an upload must start as to be decoded at all: checked here, at the gateway's boundary,
// before the decoder (image-reencoding.ts) or the image store ever sees the bytes.

/**
 * The image type the bytes claim to be by their magic numbers (whatever the client says), or null.
 * Only PNG, JPEG and WebP get this far: the decoder behind it reads many more formats (SVG, TIFF,
 * GIF, HEIF...), which uploads are not. Whether the bytes are a whole image is for the decoder to
 * say; what comes after the image (the video of a Motion Photo, a polyglot's HTML or ZIP) is never
 * stored, since only the re-encoded picture is.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: readonly number[], at = 0) =>
    signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}
