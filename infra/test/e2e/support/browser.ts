// The journeys' page.evaluate callbacks run in Chromium: they are typed against the DOM.
/// <reference lib="dom" />
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { journeyStack, type JourneyStack } from './journey-stack.ts';

/** Debian's Chromium; Playwright's own browser downloads cannot reach the internet here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const screenshotsDir = path.join(repoRoot, 'test-artifacts', 'e2e');

/**
 * How long a journey waits for what a user would see. Generous: the whole team's tests share two
 * cores, and a wait ends as soon as the thing shows anyway.
 */
const userWaitMs = 30_000;
/** Per journey (`it`). */
export const journeyTimeoutMs = 120_000;
/** The first journey file of a run also waits for the stack to start. */
const setupTimeoutMs = 240_000;

export interface Visitor {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught errors thrown in the page. */
  readonly pageErrors: Error[];
  /** Saves a screenshot as test-artifacts/e2e/<file>-<name>.png. */
  screenshot(name: string): Promise<void>;
  /** Saves a screenshot as test-artifacts/e2e/<name>.png (one the docs or an issue names). */
  screenshotAs(name: string): Promise<void>;
}

export interface JourneyBrowser {
  readonly stack: JourneyStack;
  /** A new browser profile (its own storage, so its own session), on an empty page. */
  newVisitor(): Promise<Visitor>;
}

/**
 * Chromium against the run's stack for the journeys of one file (`file` names their screenshots).
 * Each journey's visitors are closed after it; a failed journey leaves a screenshot of each of its
 * pages. A missing Chromium fails the journeys (CI installs it) rather than skipping them.
 */
export function useJourneyBrowser(file: string): JourneyBrowser {
  const prefix = path.basename(file).replace(/\.e2e\.test\.ts$/, '');
  let stack: JourneyStack | undefined;
  let browser: Browser | undefined;
  let visitors: Visitor[] = [];

  beforeAll(async () => {
    if (!existsSync(chromiumPath)) {
      throw new Error(
        `Chromium is not installed at ${chromiumPath}: the end-to-end journeys need it. Install ` +
          'the Debian package (apt-get install chromium; .ci/run does) or set CHROMIUM_PATH.',
      );
    }
    stack = await journeyStack();
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    mkdirSync(screenshotsDir, { recursive: true });
  }, setupTimeoutMs);

  afterEach(async ({ task }) => {
    const closing = visitors;
    visitors = [];
    if (task.result?.state === 'fail') {
      const name = task.name.replace(/[^\w]+/g, '-').slice(0, 60);
      for (const [index, { page }] of closing.entries()) {
        await page
          .screenshot({ path: path.join(screenshotsDir, `${prefix}-FAILED-${name}-${index}.png`) })
          .catch(() => {});
      }
    }
    await Promise.all(closing.map(({ context }) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    get stack() {
      if (!stack) throw new Error('The journey stack is not started yet (use it inside a test)');
      return stack;
    },
    async newVisitor() {
      if (!browser || !stack) throw new Error('No browser yet (use it inside a test)');
      const context = await browser.newContext({
        baseURL: stack.urls.web,
        viewport: { width: 1280, height: 900 },
      });
      context.setDefaultTimeout(userWaitMs);
      const page = await context.newPage();
      const pageErrors: Error[] = [];
      page.on('pageerror', (error) => pageErrors.push(error));
      const visitor: Visitor = {
        page,
        context,
        pageErrors,
        screenshot: async (name) => {
          await page.screenshot({ path: path.join(screenshotsDir, `${prefix}-${name}.png`) });
        },
        screenshotAs: async (name) => {
          await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
        },
      };
      visitors.push(visitor);
      return visitor;
    },
  };
}
