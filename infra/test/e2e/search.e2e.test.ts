import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import {
  demoPicturesDir,
  logIn,
  openCategoryFromHome,
  openDashboardPage,
  productCard,
  seeToast,
  signUp,
} from './support/user-steps.ts';

// A shopper searches from the navigation bar, narrows, orders, shares and pages the results; the
// results stay live while a seller lists a matching phone.
const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();

/** Results a page of search results holds. */
const resultsPerPage = 6;

const cardNames = (page: Page): Promise<string[]> =>
  page.getByRole('article').getByRole('heading').allTextContents();

/**
 * Waits for the product's card among the results, loading more pages until it shows, as a
 * shopper would: the other journeys of the run list phones too, which may come first.
 */
async function seeCard(page: Page, productName: string): Promise<void> {
  const card = productCard(page, productName);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  for (;;) {
    await card.or(loadMore).first().waitFor();
    if (await card.isVisible()) return;
    const shown = (await cardNames(page)).length;
    await loadMore.click();
    await expect
      .poll(async () => (await cardNames(page)).length, { timeout: 30_000 })
      .toBeGreaterThan(shown);
  }
}

/**
 * Changes the search with `change` and waits until the results it replaces have gone: the URL
 * changes first, and until the page renders the new search its old cards are still there.
 */
async function changeSearch(page: Page, change: () => Promise<void>): Promise<void> {
  const oldResults = await page.getByRole('article').first().elementHandle();
  await change();
  await oldResults?.waitForElementState('hidden');
}

async function searchFromNavigation(page: Page, words: string): Promise<void> {
  const box = page.getByRole('search', { name: 'Site search' });
  await box.getByRole('searchbox', { name: 'Search' }).fill(words);
  await box.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await page.waitForURL((url) => url.pathname === '/search');
}

describe('searching and filtering phones', () => {
  it(
    'a shopper searches from the navigation, filters, sorts, shares the link and loads more',
    async () => {
      const { page, context, screenshot } = await visitor();
      await signUp(page, {
        name: 'Nadia Search',
        email: 'nadia.search@journey.test',
        password: 'nadia-pass-2026',
        role: 'buyer',
      });

      // Any case: GALAXY finds the Galaxy phones, and only phones with a word starting so.
      await searchFromNavigation(page, 'GALAXY');
      expect(new URL(page.url()).searchParams.get('q')).toBe('GALAXY');
      await seeCard(page, 'Samsung Galaxy S22 128GB');
      await seeCard(page, 'Samsung Galaxy A52 128GB');
      expect((await cardNames(page)).every((name) => /galaxy/i.test(name))).toBe(true);

      // A price cap, then the cheapest first: both go to the URL.
      await changeSearch(page, async () => {
        await page.getByLabel('Max price').fill('400');
        await page.getByRole('button', { name: 'Apply filters' }).click();
        await page.waitForURL((url) => url.searchParams.get('maxPrice') === '400');
      });
      await seeCard(page, 'Samsung Galaxy Z Flip4 256GB');
      expect(await productCard(page, 'Samsung Galaxy S22 128GB').count()).toBe(0);
      await changeSearch(page, async () => {
        await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
        await page.waitForURL((url) => url.searchParams.get('sort') === 'priceAsc');
      });
      await seeCard(page, 'Samsung Galaxy A52 128GB');
      await seeCard(page, 'Samsung Galaxy Z Flip4 256GB');
      const names = await cardNames(page);
      expect(names.indexOf('Samsung Galaxy A52 128GB')).toBeLessThan(
        names.indexOf('Samsung Galaxy Z Flip4 256GB'),
      );
      const prices = await page
        .getByRole('article')
        .evaluateAll((cards) =>
          cards.map((card) => Number(/Selling price\s*(\d+)/.exec(card.textContent ?? '')?.[1])),
        );
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(prices.every((price) => price <= 400)).toBe(true);
      await screenshot('search-filtered');

      // The link reproduces the page: the same first results in the same order, the same filters
      // (both pages stay live while other journeys list phones).
      const shared = await context.newPage();
      await shared.goto(page.url());
      await expect
        .poll(
          async () =>
            JSON.stringify(await cardNames(shared)) ===
            JSON.stringify((await cardNames(page)).slice(0, resultsPerPage)),
          { timeout: 30_000 },
        )
        .toBe(true);
      expect(await shared.getByLabel('Max price').inputValue()).toBe('400');
      expect(await shared.getByLabel('Sort by').inputValue()).toBe('priceAsc');
      expect(await shared.getByLabel('Keywords').inputValue()).toBe('GALAXY');
      await shared.close();

      // Nothing matches: the page says so and offers to clear the filters.
      await page.getByLabel('Max price').fill('10');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByText('No products match your search.').waitFor();
      await page.getByRole('status').getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => url.pathname === '/search' && url.search === '');

      // Every phone, six at a time: 'Load more' appends the next page.
      await expect
        .poll(async () => (await cardNames(page)).length, { timeout: 30_000 })
        .toBe(resultsPerPage);
      const everyFirstPage = await cardNames(page);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect
        .poll(async () => (await cardNames(page)).length, { timeout: 30_000 })
        .toBeGreaterThan(resultsPerPage);
      const twoPages = await cardNames(page);
      expect(twoPages.slice(0, resultsPerPage)).toEqual(everyFirstPage);
      expect(new Set(twoPages).size).toBe(twoPages.length);
    },
    journeyTimeoutMs,
  );

  it(
    'the same filters narrow a category page, and keep to its brand',
    async () => {
      const { page, screenshot } = await visitor();
      await signUp(page, {
        name: 'Omar Category',
        email: 'omar.category@journey.test',
        password: 'omar-pass-2026',
        role: 'buyer',
      });
      await openCategoryFromHome(page, 'Oppo');
      await productCard(page, 'Oppo Find X5 Pro 256GB').waitFor();
      await page.getByLabel('Max price').fill('200');
      await page.getByLabel('Keywords').fill('oppo');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('maxPrice') === '200');
      await productCard(page, 'Oppo Find X5 Pro 256GB').waitFor({ state: 'detached' });
      await productCard(page, 'Oppo A96 128GB').waitFor();
      await productCard(page, 'Oppo F21 Pro 128GB').waitFor();
      expect((await cardNames(page)).every((name) => name.startsWith('Oppo'))).toBe(true);
      await screenshot('category-filtered');
    },
    journeyTimeoutMs,
  );

  it(
    "a seller lists a matching phone and it appears live on a shopper's empty results",
    async () => {
      const shopper = await visitor();
      await signUp(shopper.page, {
        name: 'Rafi Live',
        email: 'rafi.live@journey.test',
        password: 'rafi-pass-2026',
        role: 'buyer',
      });
      // Accents and case do not matter: "zénith" finds "Zenith".
      await searchFromNavigation(shopper.page, 'zénith');
      await shopper.page.getByText('No products match your search.').waitFor();

      const seller = await visitor();
      const account = demoAccount(browser.stack, 'seller');
      await logIn(seller.page, account.email, account.password);
      await openDashboardPage(seller.page, 'Add Product');
      await seller.page.getByRole('heading', { name: 'Add A Product' }).waitFor();
      await seller.page.getByLabel('Product name').fill('Samsung Galaxy M14 Zenith');
      await seller.page
        .getByLabel('Product image')
        .setInputFiles(path.join(demoPicturesDir, 'samsung-galaxy-s22.png'));
      await seller.page.getByLabel('Category').selectOption('Samsung');
      await seller.page.getByLabel('Condition').selectOption('Good');
      await seller.page.getByLabel('Buying price ($)').fill('249');
      await seller.page.getByLabel('Selling price ($)').fill('120');
      await seller.page.getByLabel('Years used').fill('1');
      await seller.page.getByLabel('Phone').fill('+880 1711-204518');
      await seller.page.getByLabel('Address').fill('Gulshan, Dhaka');
      await seller.page.getByLabel('About').fill('Écran parfait, 5G, with its box.');
      await seller.page.getByRole('button', { name: 'Add Product' }).click();
      await seeToast(seller.page, 'Samsung Galaxy M14 Zenith is added successfully');

      // No reload: the change reaches the open results page.
      await productCard(shopper.page, 'Samsung Galaxy M14 Zenith').waitFor();
      expect(await shopper.page.getByText('No products match your search.').count()).toBe(0);
      await shopper.screenshot('search-live');
    },
    journeyTimeoutMs,
  );
});
