import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer } from './web-server.ts';

describe("the web client's server (npm start's WEB_PORT)", () => {
  const distDir = mkdtempSync(path.join(tmpdir(), 'web-server-'));
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    const app = await startWebServer({
      distDir,
      host: '127.0.0.1',
      port: 0,
      apiUrl: 'http://127.0.0.1:5000',
      authEmulatorUrl: 'http://127.0.0.1:9099',
    });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    close = () => app.close();
  });

  afterAll(async () => {
    await close?.();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the page with a CSP that names the API and the emulator, framing denied, nosniff', async () => {
    for (const url of ['/', '/product/p1', '/dashboard/bookings']) {
      const response = await fetch(`${base}${url}`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:5000 ws:\/\/127\.0\.0\.1:5000/);
      expect(csp).toContain('http://127.0.0.1:9099');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('sends hashed assets, and a 404 for a missing file, with nosniff too', async () => {
    const asset = await fetch(`${base}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${base}/assets/gone.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
