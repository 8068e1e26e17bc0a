/*
 * Renders the pictures drawn in phone-art.ts to the PNGs committed: the demo listings' under
 * infra/assets/demo/, the categories' (which `npm run bootstrap` uses) under
 * workers/assets/categories/.
 * Run once after changing a drawing: `npx tsx infra/src/demo/render-images.ts` from the root
 * (DEMO_ASSETS_DIR=<folder> writes them elsewhere, to compare). Uses Debian's Chromium;
 * playwright's own browser downloads are not available here.
 *
 * Chromium's screenshots are truecolour PNGs, which store the drawings' smooth gradients poorly:
 * sharp (libimagequant) reduces them to a dithered 256-colour palette, which stores them in a
 * fraction of the bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { categoryPicturesDir, marketCategories } from '@resale/workers/operators/bootstrap';
import { demoAssetsDir, demoProducts } from './demo-data.ts';
import { categoryScenes, categorySvg, productSvg } from './phone-art.ts';

const isDrawnCategory = (title: string): title is keyof typeof categoryScenes =>
  Object.hasOwn(categoryScenes, title);

// DEMO_ASSETS_DIR=<folder>: every picture goes there instead, to compare.
const otherDir = process.env.DEMO_ASSETS_DIR;
const pictures = [
  ...marketCategories.map(({ title, picture }) => {
    if (!isDrawnCategory(title)) throw new Error(`phone-art.ts draws no category ${title}`);
    return {
      file: path.join(otherDir ?? categoryPicturesDir, picture),
      width: 480,
      height: 360,
      svg: categorySvg(title),
    };
  }),
  ...demoProducts.map(({ picture }) => ({
    file: path.join(otherDir ?? demoAssetsDir, picture),
    width: 640,
    height: 480,
    svg: productSvg(picture),
  })),
];

for (const { file } of pictures) mkdirSync(path.dirname(file), { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  let total = 0;
  for (const { file, width, height, svg } of pictures) {
    await page.setViewportSize({ width, height });
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    const screenshot = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } });
    const png = await sharp(screenshot)
      .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
      .toBuffer();
    writeFileSync(file, png);
    total += png.length;
    console.log(`${path.basename(file).padEnd(32)} ${(png.length / 1024).toFixed(1)} KB`);
  }
  console.log(`${pictures.length} pictures, ${(total / 1024).toFixed(1)} KB in all`);
} finally {
  await browser.close();
}
