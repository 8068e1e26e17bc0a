import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureWebBuild, webStartBuildsDir } from './web-build.ts';

const settingsOf = (port: number) => ({
  VITE_API_URL: `http://127.0.0.1:${port}`,
  VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
  VITE_FIREBASE_PROJECT_ID: 'demo-resale',
});

/** The files index.html loads, as paths in the build folder. */
const assetsOf = (buildDir: string): string[] =>
  [...readFileSync(path.join(buildDir, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/([^"]+)"/g)]
    .map((match) => path.join(buildDir, match[1]!))
    .filter((file) => file.includes(`${path.sep}assets${path.sep}`));

describe('the web client built by a start', () => {
  it('goes to a folder per settings, so a second start leaves the first one serving', async () => {
    const first = await ensureWebBuild({ settings: settingsOf(41_001) });
    const firstAssets = assetsOf(first);
    expect(firstAssets.length).toBeGreaterThan(0);

    const second = await ensureWebBuild({ settings: settingsOf(41_002) });
    expect(second).not.toBe(first);
    expect(path.dirname(first)).toBe(webStartBuildsDir);
    expect(path.dirname(second)).toBe(webStartBuildsDir);
    // The first start's page still finds every file it loads.
    for (const file of firstAssets) expect(existsSync(file)).toBe(true);
    expect(readFileSync(path.join(second, 'index.html'), 'utf8')).not.toBe('');

    // The same settings again: the same folder, not built again, marked as used.
    const stampFile = path.join(first, '.build-stamp');
    const usedBefore = statSync(stampFile).mtimeMs;
    const again = await ensureWebBuild({ settings: settingsOf(41_001) });
    expect(again).toBe(first);
    expect(statSync(stampFile).mtimeMs).toBeGreaterThanOrEqual(usedBefore);
    for (const file of firstAssets) expect(existsSync(file)).toBe(true);
  }, 300_000);
});
