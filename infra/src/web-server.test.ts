import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from './web-build.ts';
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

describe("the built web client under its server's policy", () => {
  let base: string;
  let distDir: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The build a start makes (cached by its sources and settings), not web/dist, which a clean
    // clone does not have.
    distDir = await ensureWebBuild({
      settings: {
        VITE_API_URL: 'http://127.0.0.1:41001',
        VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
        VITE_FIREBASE_PROJECT_ID: 'demo-resale',
      },
    });
    const app = await startWebServer({
      distDir,
      host: '127.0.0.1',
      port: 0,
      apiUrl: 'http://127.0.0.1:41001',
      authEmulatorUrl: 'http://127.0.0.1:9099',
    });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    close = () => app.close();
  }, 180_000);

  afterAll(() => close?.());

  it("runs every script of the page: each is the server's own file or hashed in script-src", async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    const scriptSources =
      csp
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === 'script-src')
        ?.slice(1) ?? [];
    expect(scriptSources).not.toContain("'unsafe-inline'");
    const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', content = ''] of scripts) {
      const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
      if (src !== undefined) {
        expect(src).toMatch(/^\/[^/]/);
        const file = await fetch(`${base}${src}`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toMatch(/javascript/);
      } else {
        const digest = createHash('sha256').update(content).digest('base64');
        expect(scriptSources).toContain(`'sha256-${digest}'`);
      }
    }
  });
});
