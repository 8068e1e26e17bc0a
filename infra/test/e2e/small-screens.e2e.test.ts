import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import { logIn } from './support/user-steps.ts';

// On phones, tablets and small laptops everything of the navigation bar and the search filters is
// on the screen: nothing to scroll sideways for, the menu and the dashboard's drawer open below
// the bar, and the search box works. A signed-in seller has the most links of anyone.

/**
 * The narrowest phones still in use, a common phone, small and large tablets (the dashboard's
 * drawer up to 768 px), and a laptop, whose bar holds every link.
 */
const screens = [
  { width: 320, menu: 'toggle', drawer: true },
  { width: 390, menu: 'toggle', drawer: true },
  { width: 700, menu: 'toggle', drawer: true },
  { width: 800, menu: 'toggle', drawer: false },
  { width: 1024, menu: 'toggle', drawer: false },
  { width: 1280, menu: 'inline', drawer: false },
] as const;

const browser = useJourneyBrowser(import.meta.filename);

/** How far the page reaches past the screen's right edge (0: no sideways scrolling). */
const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function expectOnScreen(page: Page, element: Locator): Promise<void> {
  const box = await element.boundingBox();
  const screenWidth = page.viewportSize()?.width ?? 0;
  expect(box, 'the element is laid out').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(screenWidth);
}

const navigationBar = (page: Page): Locator => page.getByRole('banner');

describe('the navigation bar on small screens', () => {
  it(
    'keeps search, filters, menu and drawer on the screen from phones to laptops',
    async () => {
      const seller = await browser.newVisitor();
      const { page } = seller;
      const account = demoAccount(browser.stack, 'seller');
      await logIn(page, account.email, account.password);

      for (const { width, menu, drawer: hasDrawer } of screens) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await page.getByRole('heading', { name: 'Brand categories' }).waitFor();
        expect(await sidewaysOverflow(page), `sideways scrolling at ${width} px`).toBe(0);
        for (const control of [
          page.getByRole('searchbox', { name: 'Search' }),
          page.getByRole('button', { name: 'Search', exact: true }),
        ])
          await expectOnScreen(page, control);
        const menuToggle = page.getByRole('button', { name: 'Menu', exact: true });
        const signOut = page.getByRole('button', { name: 'Sign out' });
        if (menu === 'toggle') {
          await expectOnScreen(page, menuToggle);
          await menuToggle.click();
          await signOut.waitFor();
          await expectOnScreen(page, signOut);
          await menuToggle.click();
          await signOut.waitFor({ state: 'hidden' });
        } else {
          expect(await menuToggle.isVisible()).toBe(false);
          await expectOnScreen(page, signOut);
        }

        await page.goto('/dashboard');
        const dashboardMenu = page.getByRole('navigation', { name: 'Dashboard' });
        const drawerToggle = page.getByRole('button', { name: 'Dashboard menu', exact: true });
        if (hasDrawer) {
          await expectOnScreen(page, drawerToggle);
          await drawerToggle.click();
          await dashboardMenu.getByRole('link', { name: 'My Product' }).waitFor();
          // The drawer starts where the bar ends, not under it.
          const bar = await navigationBar(page).boundingBox();
          const drawerBox = await dashboardMenu.boundingBox();
          expect(bar && drawerBox && Math.round(drawerBox.y - (bar.y + bar.height))).toBe(0);
          await drawerToggle.click();
        } else {
          await dashboardMenu.getByRole('link', { name: 'My Product' }).waitFor();
          expect(await drawerToggle.isVisible()).toBe(false);
        }
        expect(await sidewaysOverflow(page), `sideways scrolling at ${width} px`).toBe(0);

        // The search page's filters: their buttons on the screen (one column on a phone).
        await page.goto('/search?q=galaxy');
        const clearFilters = page.getByRole('button', { name: 'Clear filters' });
        await clearFilters.waitFor();
        expect(await sidewaysOverflow(page), `sideways scrolling at ${width} px`).toBe(0);
        await expectOnScreen(page, clearFilters);

        await page.getByRole('searchbox', { name: 'Search' }).fill('galaxy');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/search');
        expect(new URL(page.url()).searchParams.get('q')).toBe('galaxy');
      }
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Brand categories' }).waitFor();
      await seller.screenshot('home-390px');
    },
    journeyTimeoutMs,
  );
});
