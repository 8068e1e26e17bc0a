/*
 * Just enough PNG to keep the demo pictures small: read Chromium's 8-bit truecolour screenshots,
 * reduce them to a 256-colour palette (median cut) and write an indexed PNG. The drawings are
 * smooth gradients, which truecolour PNG stores poorly (over 100 KB each) and a palette well.
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  /** Four bytes a pixel, row by row. */
  readonly pixels: Uint8Array;
}

export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colorType: number;
}

interface Chunk {
  readonly type: string;
  readonly data: Buffer;
}

function* chunks(png: Buffer): Generator<Chunk> {
  if (png.length < 8 || !png.subarray(0, 8).equals(signature)) throw new Error('Not a PNG file');
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (
      crc32(png.subarray(offset + 4, offset + 8 + length)) !== png.readUInt32BE(offset + 8 + length)
    )
      throw new Error(`Corrupt PNG chunk ${type}`);
    yield { type, data };
    offset += 12 + length;
  }
}

/** The IHDR of a PNG; throws when the bytes are not a well-formed PNG. */
export function readPngHeader(png: Buffer): PngHeader {
  const first = chunks(png).next();
  if (first.done || first.value.type !== 'IHDR') throw new Error('PNG without IHDR');
  const { data } = first.value;
  return {
    width: data.readUInt32BE(0),
    height: data.readUInt32BE(4),
    bitDepth: data.readUInt8(8),
    colorType: data.readUInt8(9),
  };
}

const paeth = (a: number, b: number, c: number): number => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Decodes an 8-bit, non-interlaced RGB, RGBA or indexed PNG. */
export function decodePng(png: Buffer): RgbaImage {
  const { width, height, bitDepth, colorType } = readPngHeader(png);
  const interlaced = [...chunks(png)][0]?.data.readUInt8(12) !== 0;
  const channels = { 2: 3, 3: 1, 6: 4 }[colorType];
  if (bitDepth !== 8 || !channels || interlaced)
    throw new Error(`Unsupported PNG: depth ${bitDepth}, colour type ${colorType}`);
  const idat: Buffer[] = [];
  let palette: Buffer = Buffer.alloc(0);
  for (const { type, data } of chunks(png)) {
    if (type === 'IDAT') idat.push(data);
    if (type === 'PLTE') palette = data;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (rows[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (rows[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (rows[(y - 1) * stride + x - channels] ?? 0) : 0;
      const predictor =
        filter === 1
          ? a
          : filter === 2
            ? b
            : filter === 3
              ? (a + b) >> 1
              : filter === 4
                ? paeth(a, b, c)
                : 0;
      rows[y * stride + x] = ((line[x] ?? 0) + predictor) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    if (colorType === 3) {
      const index = rows[i] ?? 0;
      pixels.set(palette.subarray(index * 3, index * 3 + 3), i * 4);
      pixels[i * 4 + 3] = 255;
    } else {
      pixels[i * 4] = rows[i * channels] ?? 0;
      pixels[i * 4 + 1] = rows[i * channels + 1] ?? 0;
      pixels[i * 4 + 2] = rows[i * channels + 2] ?? 0;
      pixels[i * 4 + 3] = channels === 4 ? (rows[i * channels + 3] ?? 255) : 255;
    }
  }
  return { width, height, pixels };
}

/////////////////////////////////////////
// Palette (median cut over the distinct colours, weighted by how often each occurs)
/////////////////////////////////////////

interface ColourBox {
  readonly colours: number[];
}

const channel = (colour: number, shift: number): number => (colour >> shift) & 0xff;

function widestChannel(box: ColourBox): { shift: number; range: number } {
  let best = { shift: 16, range: -1 };
  for (const shift of [16, 8, 0]) {
    let min = 255;
    let max = 0;
    for (const colour of box.colours) {
      const value = channel(colour, shift);
      if (value < min) min = value;
      if (value > max) max = value;
    }
    if (max - min > best.range) best = { shift, range: max - min };
  }
  return best;
}

function palette(image: RgbaImage, size: number): number[] {
  const counts = new Map<number, number>();
  const { pixels } = image;
  for (let i = 0; i < pixels.length; i += 4) {
    const colour = ((pixels[i] ?? 0) << 16) | ((pixels[i + 1] ?? 0) << 8) | (pixels[i + 2] ?? 0);
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  const boxes: ColourBox[] = [{ colours: [...counts.keys()] }];
  // Split the box that spans the most, scaled by how many pixels it holds, until the palette is full.
  const score = (box: ColourBox): number => {
    if (box.colours.length < 2) return -1;
    const pixelsInBox = box.colours.reduce((sum, colour) => sum + (counts.get(colour) ?? 0), 0);
    return widestChannel(box).range * Math.sqrt(pixelsInBox);
  };
  while (boxes.length < size) {
    let widest = 0;
    let widestScore = -1;
    boxes.forEach((box, index) => {
      const boxScore = score(box);
      if (boxScore > widestScore) [widest, widestScore] = [index, boxScore];
    });
    if (widestScore < 0) break;
    const box = boxes[widest];
    if (!box) break;
    const { shift } = widestChannel(box);
    const sorted = [...box.colours].sort((p, q) => channel(p, shift) - channel(q, shift));
    const half = sorted.reduce((sum, colour) => sum + (counts.get(colour) ?? 0), 0) / 2;
    let seen = 0;
    let cut = 1;
    for (; cut < sorted.length - 1; cut++) {
      seen += counts.get(sorted[cut - 1] ?? 0) ?? 0;
      if (seen >= half) break;
    }
    boxes.splice(widest, 1, { colours: sorted.slice(0, cut) }, { colours: sorted.slice(cut) });
  }
  return boxes.map(({ colours }) => {
    let [r, g, b, n] = [0, 0, 0, 0];
    for (const colour of colours) {
      const weight = counts.get(colour) ?? 0;
      r += channel(colour, 16) * weight;
      g += channel(colour, 8) * weight;
      b += channel(colour, 0) * weight;
      n += weight;
    }
    return (Math.round(r / n) << 16) | (Math.round(g / n) << 8) | Math.round(b / n);
  });
}

function nearest(colours: readonly number[], colour: number): number {
  let best = 0;
  let bestDistance = Infinity;
  colours.forEach((candidate, index) => {
    const dr = channel(candidate, 16) - channel(colour, 16);
    const dg = channel(candidate, 8) - channel(colour, 8);
    const db = channel(candidate, 0) - channel(colour, 0);
    const distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
    if (distance < bestDistance) [best, bestDistance] = [index, distance];
  });
  return best;
}

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** An opaque image as an indexed PNG with at most `colours` colours. */
const bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

export function encodeIndexedPng(image: RgbaImage, colours = 256, ditherStrength = 0.35): Buffer {
  const { width, height, pixels } = image;
  const table = palette(image, colours);
  const indexOf = new Map<number, number>();
  // Filter type 0 on every row: for palette images the filters only scramble the indices.
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const offset = ((bayer[(y & 3) * 4 + (x & 3)] ?? 0) - 7.5) * ditherStrength;
      const at = (k: number): number =>
        Math.min(255, Math.max(0, Math.round((pixels[i + k] ?? 0) + offset)));
      const colour = (at(0) << 16) | (at(1) << 8) | at(2);
      let index = indexOf.get(colour);
      if (index === undefined) {
        index = nearest(table, colour);
        indexOf.set(colour, index);
      }
      raw[y * (width + 1) + 1 + x] = index;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8);
  const plte = Buffer.alloc(table.length * 3);
  table.forEach((colour, index) =>
    plte.set([channel(colour, 16), channel(colour, 8), channel(colour, 0)], index * 3),
  );
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(raw, { level: 9, memLevel: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
