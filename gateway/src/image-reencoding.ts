import type { Metadata, Sharp, SharpOptions } from 'sharp';

/** The longest side of a stored picture, in pixels: enough for a product page on any screen. */
export const MAX_IMAGE_SIDE = 1600;
/** The longest side of a picture's thumbnail (for cards), in pixels. */
export const THUMBNAIL_SIDE = 480;
/**
 * Pictures with more pixels than this are refused before they are decoded: a small file can
 * declare a huge image (a decompression bomb). 100 megapixels covers the photos of phone cameras
 * up to their 108 MP modes.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;

/**
 * sharp, loaded on the first upload: libvips adds tens of megabytes to the RSS of a process, which
 * a gateway that serves no upload never needs to pay.
 */
let loadingSharp: Promise<SharpFactory> | undefined;
const loadSharp = () =>
  (loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different picture: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  }));

export interface ReencodedImage {
  /** The picture as stored: upright, at most MAX_IMAGE_SIDE on its longest side, WebP. */
  readonly full: Buffer;
  /** The same at most THUMBNAIL_SIDE on its longest side, WebP. */
  readonly thumbnail: Buffer;
}

/** Why an upload could not be re-encoded, worded for its sender. */
export class UnreadableImage extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UnreadableImage';
  }
}

const decoded = (sharp: SharpFactory, bytes: Buffer) =>
  sharp(bytes, {
    // Benign decoder warnings (common in phone photos) pass; a cut-off or broken image does not.
    failOn: 'truncated',
    limitInputPixels: MAX_INPUT_PIXELS,
    // An animated WebP keeps its first frame.
    pages: 1,
  }).timeout({ seconds: 30 });

const fitWithin = (side: number) =>
  ({ width: side, height: side, fit: 'inside', withoutEnlargement: true }) as const;

/**
 * Decodes a PNG, JPEG or WebP upload and encodes it anew as WebP, with its thumbnail. The EXIF
 * orientation is applied to the pixels; no metadata is written out (no GPS position, camera or
 * EXIF at all); nothing after the image's end in the upload (a Motion Photo's video, a polyglot's
 * HTML or ZIP) can reach the output, which holds only the encoder's own bytes.
 * Throws UnreadableImage for bytes that are not a readable picture.
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // The header alone: its size is judged below, with a message of its own.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnreadableImage(
      'The image could not be read: it is damaged or not a PNG, JPEG or WebP picture',
      { cause: error },
    );
  }
  if (!['png', 'jpeg', 'webp'].includes(metadata.format))
    throw new UnreadableImage('The image must be a PNG, JPEG or WebP picture');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS)
    throw new UnreadableImage(
      `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
    );
  try {
    // rotate() with no angle turns the pixels upright by the EXIF orientation; sharp writes no
    // metadata unless asked (keepMetadata / withMetadata), so the EXIF, XMP and GPS stay behind.
    const full = await decoded(sharp, bytes)
      .rotate()
      .resize(fitWithin(MAX_IMAGE_SIDE))
      .webp({ quality: 82 })
      .toBuffer();
    const thumbnail = await sharp(full)
      .resize(fitWithin(THUMBNAIL_SIDE))
      .webp({ quality: 75 })
      .toBuffer();
    return { full, thumbnail };
  } catch (error) {
    throw new UnreadableImage(
      'The image could not be read: it is damaged or cut off (upload the whole file again)',
      { cause: error },
    );
  }
}
