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

// The admins' side: reported listings arrive live with their reasons, one admin claims a case
// while another sees it held, a hide reaches a buyer's open page at once; users and sellers
// promoted.
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
    "two admins and a buyer: a report with its reason arrives live, the second admin sees the claim and is refused, and the hide reaches the buyer's open page at once",
    async () => {
      const reported = 'iPhone 12 64GB';
      const admin = await adminVisitor();

      // A second admin: a new member the demo admin promotes.
      const second = { name: 'Tania Akter', email: 'tania.admin@journey.test' };
      const secondAdmin = await visitor();
      await signUp(secondAdmin.page, { ...second, password: 'tania-pass-2026', role: 'buyer' });
      await openDashboardPage(admin.page, 'Users');
      await tableRow(admin.page, second.email).getByRole('button', { name: 'Make Admin' }).click();
      await seeToast(admin.page, 'Make admin successfully');
      await secondAdmin.page.reload();
      for (const page of [admin.page, secondAdmin.page]) {
        await openDashboardPage(page, 'Reported Items');
        await page.getByRole('heading', { name: 'Reported Items' }).waitFor();
        await reportedListLoaded(page);
        expect(await tableRow(page, reported).count()).toBe(0);
        // Survives only as long as the page is not reloaded.
        await page.evaluate(() => Object.assign(window, { notReloaded: true }));
      }

      // The buyer reports it, saying why, and keeps the category page open.
      const buyer = await visitor();
      await signUp(buyer.page, {
        name: 'Rafiq Chowdhury',
        email: 'rafiq.buyer@journey.test',
        password: 'rafiq-pass-2026',
        role: 'buyer',
      });
      await openCategoryFromHome(buyer.page, 'Iphone');
      await buyer.page.evaluate(() => Object.assign(window, { notReloaded: true }));
      await productCard(buyer.page, reported).getByRole('button', { name: 'Report' }).click();
      const form = buyer.page.getByRole('dialog', { name: `Report ${reported}` });
      await form.getByRole('radio', { name: 'Stolen or blocked device' }).check();
      await form.getByRole('button', { name: 'Report' }).click();
      await seeToast(buyer.page, 'Successfully Reported');
      await productCard(buyer.page, reported).getByRole('button', { name: 'Reported' }).waitFor();

      // Both admins see the case arrive with its reason and reporter, without a reload.
      const row = tableRow(admin.page, reported);
      const secondRow = tableRow(secondAdmin.page, reported);
      for (const caseRow of [row, secondRow]) {
        await caseRow.getByText('Stolen or blocked device').waitFor();
        await caseRow.getByText('by Rafiq Chowdhury').waitFor();
      }

      // The demo admin claims it; the second admin sees who holds it, live, and is refused.
      await row.getByRole('button', { name: `Claim ${reported}` }).click();
      await seeToast(admin.page, `You are reviewing ${reported}`);
      await secondRow.getByText('Being reviewed by Demo Admin').waitFor();
      await secondRow.getByRole('button', { name: `Claim ${reported}` }).click();
      await seeToast(secondAdmin.page, 'This listing is being reviewed by Demo Admin');
      await secondAdmin.screenshotAs('moderation-queue');

      // Hidden with a reason: it leaves the buyer's open category page at once.
      await productCard(buyer.page, reported).waitFor();
      await row.getByRole('button', { name: `Hide ${reported}` }).click();
      const hide = admin.page.getByRole('alertdialog', { name: `Hide ${reported} from the site?` });
      await hide.getByLabel('Reason').fill('The IMEI is on the blocked list');
      await hide.getByRole('button', { name: 'Hide' }).click();
      await seeToast(admin.page, `Hidden: ${reported}`);
      await productCard(buyer.page, reported).waitFor({ state: 'detached' });
      await productCard(buyer.page, 'iPhone 13 128GB').waitFor();
      expect(await buyer.page.evaluate(() => 'notReloaded' in window)).toBe(true);
      await buyer.screenshot('hidden-listing-gone');
      // Still before the admins, hidden, and free again for either of them.
      await secondRow.getByText('The IMEI is on the blocked list').waitFor();
      await secondRow.getByText('Not claimed').waitFor();
      await admin.screenshot('reported-item-hidden');

      // Deleting it asks first (the spec's confirmation, now with a reason). The confirmation
      // is a modal <dialog>: Tab never leaves it, Escape closes it and gives focus back.
      await row.getByRole('button', { name: `Claim ${reported}` }).click();
      await seeToast(admin.page, `You are reviewing ${reported}`);
      const deleteButton = row.getByRole('button', { name: `Delete ${reported}` });
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
      await confirm.getByLabel('Reason').fill('Stolen phone, confirmed with the carrier');
      await admin.screenshot('confirm-delete');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await seeToast(admin.page, `Successfully deleted ${reported}`);
      await confirm.waitFor({ state: 'hidden' });
      await row.waitFor({ state: 'detached' });
      await secondRow.waitFor({ state: 'detached' });
      for (const page of [admin.page, secondAdmin.page])
        expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
      await admin.screenshot('reported-item-deleted');
    },
    journeyTimeoutMs,
  );

  it(
    "a hidden listing's seller sees why and asks for a review; the admin restores it and the buyer's open page shows it again",
    async () => {
      const listing = 'iPhone XR 64GB';
      const login = async (role: 'seller' | 'buyer'): Promise<Visitor> => {
        const account = await visitor();
        const { email, password } = demoAccount(browser.stack, role);
        await logIn(account.page, email, password);
        return account;
      };
      const [admin, seller, buyer] = await Promise.all([
        adminVisitor(),
        login('seller'),
        login('buyer'),
      ]);
      await openDashboardPage(seller.page, 'My Product');
      const own = tableRow(seller.page, listing);
      await own.waitFor();
      await openDashboardPage(admin.page, 'Reported Items');
      await reportedListLoaded(admin.page);

      await openCategoryFromHome(buyer.page, 'Iphone');
      await productCard(buyer.page, listing).getByRole('button', { name: 'Report' }).click();
      const form = buyer.page.getByRole('dialog', { name: `Report ${listing}` });
      await form.getByRole('radio', { name: 'Wrong price' }).check();
      await form.getByRole('button', { name: 'Report' }).click();
      await seeToast(buyer.page, 'Successfully Reported');

      const row = tableRow(admin.page, listing);
      await row.getByRole('button', { name: `Claim ${listing}` }).click();
      await seeToast(admin.page, `You are reviewing ${listing}`);
      await row.getByRole('button', { name: `Hide ${listing}` }).click();
      const hide = admin.page.getByRole('alertdialog', { name: `Hide ${listing} from the site?` });
      await hide.getByLabel('Reason').fill('The price differs from the one in the photos');
      await hide.getByRole('button', { name: 'Hide' }).click();
      await productCard(buyer.page, listing).waitFor({ state: 'detached' });

      // The seller's open My Products says why, live, and offers a review.
      await own.getByText('Hidden: The price differs from the one in the photos').waitFor();
      await seller.screenshot('seller-sees-hidden');
      await own.getByRole('button', { name: `Ask for review of ${listing}` }).click();
      await seeToast(seller.page, `The admins will review ${listing} again`);
      await own.getByText('Review requested').waitFor();

      // The admin sees the request live, claims the case again and restores the listing.
      await row.getByText('Review requested').waitFor();
      await row.getByRole('button', { name: `Claim ${listing}` }).click();
      await seeToast(admin.page, `You are reviewing ${listing}`);
      await row.getByRole('button', { name: `Restore ${listing}` }).click();
      const restore = admin.page.getByRole('dialog', { name: `Put ${listing} back on sale?` });
      await restore.getByLabel('Reason').fill('The seller corrected the price');
      await restore.getByRole('button', { name: 'Restore' }).click();
      await seeToast(admin.page, `Restored: ${listing}`);
      await row.waitFor({ state: 'detached' });

      // Back on the buyer's open category page and off the seller's hidden state, no reload.
      await productCard(buyer.page, listing).waitFor();
      await own.getByText('Hidden:', { exact: false }).waitFor({ state: 'detached' });
      await buyer.screenshot('restored-listing-back');
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
