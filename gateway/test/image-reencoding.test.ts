import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  MAX_IMAGE_SIDE,
  MAX_INPUT_PIXELS,
  reencodeImage,
  THUMBNAIL_SIDE,
  UnreadableImage,
} from '../src/image-reencoding.ts';
import { sniffImageType } from '../src/image-types.ts';
import { pictureOf, wholeJpeg, wholePng, wholeWebp } from './image-fixtures.ts';

const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>');
/** The start of an MP4 file (an `ftyp` box), as a Motion Photo carries its video after the JPEG. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42\0\0\0\0isommp42'),
  Buffer.from([0, 0, 0, 0x10]),
  Buffer.from('mdat'),
  Buffer.alloc(8, 0x42),
]);

/** A phone photo: 64×48 pixels, stored sideways with EXIF orientation 6, and its GPS position. */
const phonePhoto = () =>
  pictureOf('jpeg').then((jpeg) =>
    sharp(jpeg)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSMapDatum: 'WGS-84' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  );

/** The colour of the pixel at (x, y). */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 150 && g < 80 && b < 80;
const isBlue = ([r = 0, g = 0, b = 0]: number[]) => b > 150 && r < 80 && g < 80;

describe('reencodeImage', () => {
  it.each([
    ['PNG', wholePng],
    ['JPEG', wholeJpeg],
    ['WebP', wholeWebp],
  ])('stores a %s as WebP, with a WebP thumbnail', async (_kind, bytes) => {
    const { full, thumbnail } = await reencodeImage(bytes);
    expect(sniffImageType(full)).toBe('image/webp');
    expect(sniffImageType(thumbnail)).toBe('image/webp');
    const source = await sharp(bytes).metadata();
    expect(await sharp(full).metadata()).toMatchObject({
      format: 'webp',
      width: source.width,
      height: source.height,
    });
  });

  it('strips the metadata: no EXIF, no GPS position, no camera', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes('WGS-84')).toBe(true);
    expect(before.exif?.includes('PhoneCo')).toBe(true);

    const { full, thumbnail } = await reencodeImage(photo);
    for (const image of [full, thumbnail]) {
      const after = await sharp(image).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(image.includes('WGS-84')).toBe(false);
      expect(image.includes('PhoneCo')).toBe(false);
    }
  });

  it('turns the picture upright by its EXIF orientation', async () => {
    const photo = await phonePhoto();
    // Stored 64 wide, 48 high, red on the left: orientation 6 says turn it 90° clockwise.
    const { full } = await reencodeImage(photo);
    const upright = await sharp(full).metadata();
    expect([upright.width, upright.height]).toEqual([48, 64]);
    expect(isRed(await pixel(full, 24, 8))).toBe(true);
    expect(isBlue(await pixel(full, 24, 56))).toBe(true);
  });

  it(`resizes to at most ${MAX_IMAGE_SIDE} px, its thumbnail to ${THUMBNAIL_SIDE} px, and never enlarges`, async () => {
    const { full, thumbnail } = await reencodeImage(await pictureOf('jpeg', 4000, 3000));
    expect(await sharp(full).metadata()).toMatchObject({ width: MAX_IMAGE_SIDE, height: 1200 });
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: THUMBNAIL_SIDE, height: 360 });

    const small = await reencodeImage(await pictureOf('png', 200, 100));
    expect(await sharp(small.full).metadata()).toMatchObject({ width: 200, height: 100 });
    expect(await sharp(small.thumbnail).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('keeps the still picture of a Motion Photo (a JPEG with its video appended)', async () => {
    const photo = await phonePhoto();
    const { full } = await reencodeImage(Buffer.concat([photo, mp4]));
    expect(await sharp(full).metadata()).toMatchObject({ format: 'webp', width: 48, height: 64 });
    expect(full.includes('ftypmp42')).toBe(false);
    expect(full.includes(Buffer.alloc(8, 0x42))).toBe(false);
  });

  it.each([
    ['PNG', wholePng],
    ['JPEG', wholeJpeg],
    ['WebP', wholeWebp],
  ])('drops what a polyglot hides after a %s (HTML)', async (_kind, bytes) => {
    const { full, thumbnail } = await reencodeImage(Buffer.concat([bytes, html]));
    expect(full.includes('<script>')).toBe(false);
    expect(thumbnail.includes('<script>')).toBe(false);
    expect(full.includes('html')).toBe(false);
  });

  it.each([
    ['a JPEG cut off', wholeJpeg.subarray(0, wholeJpeg.length - 40)],
    ['a PNG cut off', wholePng.subarray(0, wholePng.length - 20)],
    ['a JPEG header and zeros', Buffer.concat([wholeJpeg.subarray(0, 3), Buffer.alloc(200)])],
    ['a PNG signature and text', Buffer.concat([wholePng.subarray(0, 8), html])],
    ['a RIFF WEBP header and nothing else', Buffer.from('RIFF\x04\x00\x00\x00WEBP', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')],
  ])('refuses %s with a message for its sender', async (_kind, bytes) => {
    const refusal = await reencodeImage(bytes).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnreadableImage);
    expect((refusal as Error).message).toMatch(/^The image (could not be read|must be)/);
  });

  it(`refuses a picture of more than ${MAX_INPUT_PIXELS / 1e6} megapixels before decoding it`, async () => {
    // A PNG that declares 12000×9000 pixels (108 megapixels) and holds no pixels: the size is
    // judged from the header.
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
      return Buffer.concat([length, Buffer.from(type), data, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(12000, 0);
    header.writeUInt32BE(9000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      wholePng.subarray(0, 8),
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(0))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 12000,
      height: 9000,
    });
    await expect(reencodeImage(bomb)).rejects.toThrow(/at most 100 megapixels/);
  });
});
