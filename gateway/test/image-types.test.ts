import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../src/image-types.ts';

import { pngOfSize, wholeJpeg, wholePng as png, wholeWebp } from './image-fixtures.ts';

describe('sniffImageType', () => {
  it('recognises whole PNG, JPEG and WebP images by their bytes, and nothing else', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(pngOfSize(4096))).toBe('image/png');
    expect(sniffImageType(wholeJpeg)).toBe('image/jpeg');
    expect(sniffImageType(wholeWebp)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\x04\x00\x00\x00WAVE', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('refuses an image with anything after its end: a polyglot is no image', () => {
    const tail = Buffer.from('<script>alert(1)</script>');
    expect(sniffImageType(Buffer.concat([png, tail]))).toBeNull();
    expect(sniffImageType(Buffer.concat([wholeJpeg, tail]))).toBeNull();
    expect(sniffImageType(Buffer.concat([wholeWebp, tail]))).toBeNull();
  });

  it('refuses a cut-off image and a PNG whose first chunk is not its header', () => {
    expect(sniffImageType(png.subarray(0, png.length - 1))).toBeNull();
    expect(sniffImageType(wholeJpeg.subarray(0, wholeJpeg.length - 1))).toBeNull();
    expect(sniffImageType(wholeWebp.subarray(0, wholeWebp.length - 1))).toBeNull();
    const headerless = Buffer.concat([png.subarray(0, 8), png.subarray(8 + 25)]);
    expect(sniffImageType(headerless)).toBeNull();
  });
});
