import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import { logIn, openDashboardPage, seeToast } from './support/user-steps.ts';

// The admins' operations page: the read models' lag behind the log, and a replay of one read
// model started from the page, followed to its swap while the page stays open.

const browser = useJourneyBrowser(import.meta.filename);

describe("the admins' operations page", () => {
  it(
    "an admin sees the read models' lag, rebuilds the products and follows the replay to its swap",
    async () => {
      const admin = await browser.newVisitor();
      const { email, password } = demoAccount(browser.stack, 'admin');
      await logIn(admin.page, email, password);
      await openDashboardPage(admin.page, 'Operations');
      const page = admin.page;
      await page.getByRole('heading', { name: 'Operations' }).waitFor();
      const lag = page.getByLabel('Lag');
      await lag.getByText('Log head').waitFor();
      // The demo's log is projected: nothing waits.
      await lag.getByText('0 events').waitFor();
      await page.getByRole('cell', { name: 'products' }).first().waitFor();
      await page.getByText(/Not applicable/).waitFor();
      // Survives only as long as the page is not reloaded.
      await page.evaluate(() => Object.assign(window, { notReloaded: true }));

      await page.getByRole('button', { name: 'Rebuild products' }).click();
      await seeToast(page, 'Rebuilding products…');
      // The page asks again every few seconds: the replay shows, by this admin, up to its swap.
      const replay = page.locator('.operations-replay');
      await replay.getByText('swapped').waitFor();
      await replay.getByText(/products, started by admin /).waitFor();
      const progress = page.getByRole('progressbar', { name: 'Replay progress' });
      expect(await progress.getAttribute('value')).toBe(await progress.getAttribute('max'));
      await page
        .getByRole('row', { name: /products/ })
        .getByText(/^1×, last at/)
        .waitFor();
      expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
      await admin.screenshotAs('operations');
    },
    journeyTimeoutMs,
  );
});
