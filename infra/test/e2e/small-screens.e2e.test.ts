import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import { logIn } from './support/user-steps.ts';

// On a phone everything of the navigation bar and the search filters is on the screen: nothing
// to scroll sideways for, the menu and the dashboard's drawer open below the bar, and the search
// box works.

/** The narrowest phones still in use, a common phone, and a small tablet (still a menu toggle). */
const screenWidths = [320, 390, 700] as const;

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
    'keeps search, filters, menu and drawer on the screen of a phone',
    async () => {
      const seller = await browser.newVisitor();
      const { page } = seller;
      const account = demoAccount(browser.stack, 'seller');
      await logIn(page, account.email, account.password);

      for (const width of screenWidths) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await page.getByRole('heading', { name: 'Brand categories' }).waitFor();
        expect(await sidewaysOverflow(page), `sideways scrolling at ${width} px`).toBe(0);
        const menuToggle = page.getByRole('button', { name: 'Menu', exact: true });
        for (const control of [
          page.getByRole('searchbox', { name: 'Search' }),
          page.getByRole('button', { name: 'Search', exact: true }),
          menuToggle,
        ])
          await expectOnScreen(page, control);

        await menuToggle.click();
        const signOut = page.getByRole('button', { name: 'Sign out' });
        await signOut.waitFor();
        await expectOnScreen(page, signOut);
        await menuToggle.click();
        await signOut.waitFor({ state: 'hidden' });

        await page.goto('/dashboard');
        const drawerToggle = page.getByRole('button', { name: 'Dashboard menu', exact: true });
        await expectOnScreen(page, drawerToggle);
        expect(await sidewaysOverflow(page), `sideways scrolling at ${width} px`).toBe(0);
        await drawerToggle.click();
        const drawer = page.getByRole('navigation', { name: 'Dashboard' });
        await drawer.getByRole('link', { name: 'My Product' }).waitFor();
        // The drawer starts where the bar ends, not under it.
        const bar = await navigationBar(page).boundingBox();
        const drawerBox = await drawer.boundingBox();
        expect(bar && drawerBox && Math.round(drawerBox.y - (bar.y + bar.height))).toBe(0);
        await drawerToggle.click();

        // The search page's filters: one column on a phone, their buttons on the screen.
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
