import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import {
  logIn,
  openCategoryFromHome,
  openDashboardPage,
  productCard,
  seeToast,
  signUp,
  tableRow,
} from './support/user-steps.ts';

// The admin's side: reported listings arrive live and are removed; users and sellers promoted.
const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();
const adminVisitor = async (): Promise<Visitor> => {
  const admin = await visitor();
  const { email, password } = demoAccount(browser.stack, 'admin');
  await logIn(admin.page, email, password);
  return admin;
};

const reportedListLoaded = (page: Page): Promise<void> =>
  page.getByText('No reported products.').or(page.getByRole('table')).waitFor();

describe('moderation by the admin', () => {
  it(
    "a reported product appears on the admin's open Reported Items page without a reload, and the admin deletes it",
    async () => {
      const reported = 'iPhone 12 64GB';
      const admin = await adminVisitor();
      await openDashboardPage(admin.page, 'Reported Items');
      await admin.page.getByRole('heading', { name: 'Reported Items' }).waitFor();
      await reportedListLoaded(admin.page);
      expect(await tableRow(admin.page, reported).count()).toBe(0);
      // Survives only as long as the page is not reloaded.
      await admin.page.evaluate(() => Object.assign(window, { notReloaded: true }));

      const buyer = await visitor();
      await signUp(buyer.page, {
        name: 'Rafiq Chowdhury',
        email: 'rafiq.buyer@journey.test',
        password: 'rafiq-pass-2026',
        role: 'buyer',
      });
      await openCategoryFromHome(buyer.page, 'Iphone');
      await productCard(buyer.page, reported).getByRole('button', { name: 'Report' }).click();
      await seeToast(buyer.page, 'Successfully Reported');
      await productCard(buyer.page, reported).getByRole('button', { name: 'Reported' }).waitFor();

      const row = tableRow(admin.page, reported);
      await row.waitFor();
      expect(await admin.page.evaluate(() => 'notReloaded' in window)).toBe(true);
      await admin.screenshot('reported-item-arrived');

      // The confirmation is a modal <dialog>: Tab never leaves it, Escape closes it and gives
      // focus back to the button that opened it.
      const deleteButton = row.getByRole('button', { name: 'Delete' });
      await deleteButton.click();
      const confirm = admin.page.getByRole('alertdialog', {
        name: 'Are you sure you want to delete?',
      });
      await confirm.getByRole('button', { name: 'cancel!' }).waitFor();
      const focusOutsideDialog = () =>
        admin.page.evaluate(() => {
          const focused = document.activeElement;
          const inPage = focused && focused !== document.body;
          return inPage && !focused.closest('dialog[open]') ? focused.outerHTML : null;
        });
      for (let press = 0; press < 4; press++) {
        await admin.page.keyboard.press('Tab');
        expect(await focusOutsideDialog()).toBeNull();
      }
      await admin.page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);

      await deleteButton.click();
      await confirm.getByRole('button', { name: 'cancel!' }).waitFor();
      await admin.screenshot('confirm-delete');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await seeToast(admin.page, `Successfully deleted ${reported}`);
      await confirm.waitFor({ state: 'hidden' });
      await row.waitFor({ state: 'detached' });
      await admin.screenshot('reported-item-deleted');

      // The listing is gone for buyers too.
      await buyer.page.reload();
      await buyer.page.getByRole('heading', { level: 1, name: 'Iphone' }).waitFor();
      await productCard(buyer.page, 'iPhone 13 128GB').waitFor();
      expect(await productCard(buyer.page, reported).count()).toBe(0);
    },
    journeyTimeoutMs,
  );

  it(
    "the admin makes a user admin ('Make admin successfully', the button then hidden) and verifies a seller",
    async () => {
      const member = { name: 'Nusrat Jahan', email: 'nusrat.buyer@journey.test' };
      const seller = { name: 'Dhaka Phone Bazar', email: 'bazar.seller@journey.test' };
      const newMember = await visitor();
      await signUp(newMember.page, { ...member, password: 'nusrat-pass-2026', role: 'buyer' });
      const newSeller = await visitor();
      await signUp(newSeller.page, { ...seller, password: 'bazar-pass-2026', role: 'seller' });

      const admin = await adminVisitor();
      await openDashboardPage(admin.page, 'Users');
      await admin.page.getByRole('heading', { name: 'All Users' }).waitFor();
      const memberRow = tableRow(admin.page, member.email);
      await memberRow.getByRole('button', { name: 'Make Admin' }).click();
      await seeToast(admin.page, 'Make admin successfully');
      await memberRow.getByRole('button', { name: 'Make Admin' }).waitFor({ state: 'detached' });
      await memberRow.getByText('admin', { exact: true }).waitFor();
      // Still offered for the others.
      await tableRow(admin.page, seller.email)
        .getByRole('button', { name: 'Make Admin' })
        .waitFor();
      await admin.screenshot('users-after-make-admin');

      await openDashboardPage(admin.page, 'Sellers');
      await admin.page.getByRole('heading', { name: 'All Sellers' }).waitFor();
      const sellerRow = tableRow(admin.page, seller.email);
      await sellerRow.getByText('Not verified').waitFor();
      await sellerRow.getByRole('button', { name: 'Verify seller' }).click();
      await sellerRow.getByText('Verified', { exact: true }).waitFor();
      await sellerRow.getByRole('button', { name: 'Verify seller' }).waitFor({ state: 'detached' });
      await admin.screenshot('sellers-after-verify');

      // The new admin's dashboard now offers the admin's pages.
      await newMember.page.reload();
      await openDashboardPage(newMember.page, 'Reported Items');
      await newMember.page.getByRole('heading', { name: 'Reported Items' }).waitFor();
      await newMember.screenshot('new-admin-dashboard');
    },
    journeyTimeoutMs,
  );
});
