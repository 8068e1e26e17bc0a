import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import { logIn, openDashboardPage, seeToast, signUp, tableRow } from './support/user-steps.ts';

// A change of a user's own account reaches their open page live (issue 31, point 9): promoted
// by an admin in another browser, the user's dashboard shows the admin entries without a reload;
// deleted, the page signs out, saying why.
const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();

describe("a user's role on their open page", () => {
  it(
    "follows a promotion and a deletion made in the admin's browser, without a reload",
    async () => {
      const user = await visitor();
      await signUp(user.page, {
        name: 'Rafi Promoted',
        email: 'rafi.promoted@journey.test',
        password: 'rafi-pass-2026',
        role: 'buyer',
      });
      await openDashboardPage(user.page, 'My Orders');
      const menu = user.page.getByRole('navigation', { name: 'Dashboard' });
      await menu.getByRole('link', { name: 'My Orders' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Users' }).count()).toBe(0);
      // Set on this very page: still there afterwards means no reload happened.
      await user.page.evaluate(() => Object.assign(window, { notReloaded: true }));

      const admin = await visitor();
      const { email, password } = demoAccount(browser.stack, 'admin');
      await logIn(admin.page, email, password);
      await openDashboardPage(admin.page, 'Users');
      const row = tableRow(admin.page, 'rafi.promoted@journey.test');
      await row.getByRole('button', { name: 'Make Admin' }).click();
      await seeToast(admin.page, 'Make admin successfully');

      // The user's open page: the admin entries appear.
      await menu.getByRole('link', { name: 'Users' }).waitFor();
      await menu.getByRole('link', { name: 'Reported Items' }).waitFor();
      expect(await user.page.evaluate(() => 'notReloaded' in window)).toBe(true);
      await user.screenshotAs('role-change-live');

      // Deleted by the admin: the open page signs out, saying why.
      await row.getByRole('button', { name: 'Delete' }).click();
      await admin.page
        .getByRole('alertdialog', { name: 'Are you sure you want to delete?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await seeToast(admin.page, 'user deleted successfully');
      await seeToast(user.page, 'Your account has been deleted, so you have been signed out.');
      await user.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Login' })
        .waitFor();
      expect(await user.page.evaluate(() => 'notReloaded' in window)).toBe(true);
      expect(user.pageErrors).toEqual([]);
      await user.screenshot('deleted-signed-out');
    },
    journeyTimeoutMs,
  );
});
