import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/src/ports.ts';
import { buildTestApp, registerUser, seedCategories, type TestApp } from './helper.ts';
import { wholePng } from './image-fixtures.ts';

// GraphiQL and the API docs as a developer without the internet uses them: Chromium against a
// listening gateway, every request to another host refused (and recorded).

/** Debian's Chromium, as the end-to-end journeys use (infra/test/e2e/support/browser.ts). */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const screenshotsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test-artifacts/gateway',
);
/** Generous: the whole team's tests share two cores; a wait ends as soon as the thing shows. */
const userWaitMs = 30_000;
const browserTestMs = 90_000;

/** What GraphiQL's editors (CodeMirror 5) hang on their element. */
interface CodeMirrorElement {
  CodeMirror: { getValue(): string; setValue(value: string): void };
}

interface OfflinePage {
  page: Page;
  /** Requests the page made to other hosts (each refused). */
  elsewhere: string[];
  /** Uncaught errors in the page, and errors it logged (a file that did not load, say). */
  errors: string[];
}

describe('GraphiQL and the API docs in Chromium, offline', () => {
  let t: TestApp;
  let gateway: URL;
  let browser: Browser;
  const opened: Page[] = [];

  beforeAll(async () => {
    if (!existsSync(chromiumPath))
      throw new Error(
        `Chromium is not installed at ${chromiumPath}: these tests need it. Install the Debian ` +
          'package (apt-get install chromium; .ci/run does) or set CHROMIUM_PATH.',
      );
    // The OpenAPI document names PUBLIC_URL as the server that /docs sends its calls to.
    const port = await freePort('127.0.0.1');
    gateway = new URL(`http://127.0.0.1:${port}`);
    t = await buildTestApp({ PORT: String(port), PUBLIC_URL: gateway.origin });
    await seedCategories(t.app);
    await t.app.listen({ host: gateway.hostname, port });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    mkdirSync(screenshotsDir, { recursive: true });
  }, 120_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.context().close()));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function offlinePage(): Promise<OfflinePage> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(userWaitMs);
    const page = await context.newPage();
    opened.push(page);
    const elsewhere: string[] = [];
    const errors: string[] = [];
    await page.route('**', (route) => {
      const url = new URL(route.request().url());
      if (url.host === gateway.host) return route.continue();
      elsewhere.push(url.href);
      return route.abort('internetdisconnected');
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    return { page, elsewhere, errors };
  }

  it(
    'GraphiQL loads from the gateway alone and answers { categories { _id title } }',
    async () => {
      const { page, elsewhere, errors } = await offlinePage();
      await page.goto(new URL('/graphiql', gateway).href);
      const editor = page.locator('.graphiql-query-editor .CodeMirror');
      await editor.waitFor();
      await editor.evaluate(
        (element, query) => (element as unknown as CodeMirrorElement).CodeMirror.setValue(query),
        '{ categories { _id title } }',
      );
      await page.getByRole('button', { name: /^Execute query/ }).click();
      const response = page.locator('.graphiql-response');
      await expect.poll(() => response.textContent(), { timeout: userWaitMs }).toContain('Iphone');
      const answer = JSON.parse(
        await response
          .locator('.CodeMirror')
          .evaluate((element) => (element as unknown as CodeMirrorElement).CodeMirror.getValue()),
      ) as unknown;
      expect(answer).toEqual({
        data: {
          categories: expect.arrayContaining([
            { _id: 'samsung', title: 'Samsung' },
            { _id: 'oppo', title: 'Oppo' },
            { _id: 'iphone', title: 'Iphone' },
          ]),
        },
      });
      // The schema reached GraphiQL: its documentation explorer lists the query type's fields.
      await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
      await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).click();
      await page.locator('.graphiql-doc-explorer').getByText('categories').first().waitFor();
      await page.screenshot({ path: path.join(screenshotsDir, 'graphiql-offline.png') });
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
    },
    browserTestMs,
  );

  it(
    'the API docs load from the gateway alone, and upload a picture with the file picker of POST /images',
    async () => {
      const seller = await registerUser(t.app, 'seller');
      const { page, elsewhere, errors } = await offlinePage();
      await page.goto(new URL('/docs', gateway).href);

      await page.locator('.auth-wrapper').getByRole('button', { name: 'Authorize' }).click();
      const accessToken = page.locator('.auth-container').filter({ hasText: 'accessToken' });
      await accessToken.locator('input').fill(seller.accessToken);
      await accessToken.getByRole('button', { name: 'Apply credentials' }).click();
      await accessToken.getByRole('button', { name: 'Close' }).click();

      const upload = page.locator('#operations-images-post_images');
      await upload.locator('.opblock-summary').click();
      await upload.getByRole('button', { name: 'Try it out' }).click();
      await upload
        .locator('input[type="file"]')
        .setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: wholePng });
      await upload.getByRole('button', { name: 'Execute' }).click();
      const answer = upload.locator('.live-responses-table .response');
      await answer.locator('.response-col_status').getByText('201').waitFor();
      expect(await answer.locator('.microlight').first().textContent()).toMatch(
        /\/images\/[\w-]+\.webp/,
      );
      await upload.locator('.live-responses-table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotsDir, 'docs-upload-offline.png') });
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
    },
    browserTestMs,
  );
});
