import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../src/image-types.ts';

import { pngOfSize, wholeJpeg, wholePng as png, wholeWebp } from './image-fixtures.ts';

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by their bytes, and nothing else', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(pngOfSize(4096))).toBe('image/png');
    expect(sniffImageType(wholeJpeg)).toBe('image/jpeg');
    expect(sniffImageType(wholeWebp)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\x04\x00\x00\x00WAVE', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('II*\0', 'latin1'))).toBeNull();
    expect(sniffImageType(png.subarray(0, 4))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
