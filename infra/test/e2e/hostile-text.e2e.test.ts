import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import {
  demoPicturesDir,
  logIn,
  openBookingForm,
  openCategoryFromHome,
  openDashboardPage,
  productCard,
  seeToast,
  signUp,
  tableRow,
} from './support/user-steps.ts';

/*
 * Security (issue 8, browser side): texts that users type are shown as text on every page that
 * shows them, never parsed as HTML or run as script. Each payload would set window.__xss and open
 * a dialog if it ever ran.
 */
const hostileSellerName = `<b onmouseover="window.__xss=1;alert('name')">Mallory Mobiles</b>`;
const hostileProductName = `<img src=x onerror="window.__xss=1;alert('img')"> Pixel 7`;
const hostileAbout = `<script>window.__xss=1;alert('script')</script> Works fine, no scratches.`;
const hostileReportDetails = `<svg onload="window.__xss=1;alert('report')"></svg> fake`;

const browser = useJourneyBrowser(import.meta.filename);
const visitors: Visitor[] = [];
/** Dialogs any page opened (alert, confirm, prompt): none may. */
const dialogs: string[] = [];
const visitor = async (): Promise<Visitor> => {
  const opened = await browser.newVisitor();
  opened.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  visitors.push(opened);
  return opened;
};

/** Nothing of the payloads became markup, and nothing ran. */
async function expectNothingExecuted(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    xss: (window as { __xss?: unknown }).__xss,
    injectedImages: document.querySelectorAll('img[src="x"]').length,
    injectedHandlers: document.querySelectorAll('[onmouseover], [onerror]').length,
    injectedScripts: Array.from(document.scripts).filter((script) => script.text.includes('__xss'))
      .length,
  }));
  expect(found).toEqual({
    xss: undefined,
    injectedImages: 0,
    injectedHandlers: 0,
    injectedScripts: 0,
  });
  expect(dialogs).toEqual([]);
}

describe('HTML and script in user texts are shown as text (issue 8)', () => {
  it(
    'a hostile seller name, product name and description stay text for the seller, buyers and the admin',
    async () => {
      const seller = await visitor();
      await signUp(seller.page, {
        name: hostileSellerName,
        email: 'mallory.seller@journey.test',
        password: 'mallory-pass-2026',
        role: 'seller',
      });
      await openDashboardPage(seller.page, 'Add Product');
      expect(await seller.page.getByLabel('Seller name').inputValue()).toBe(hostileSellerName);
      await seller.page.getByLabel('Product name').fill(hostileProductName);
      await seller.page
        .getByLabel('Product image')
        .setInputFiles(path.join(demoPicturesDir, 'iphone-13.png'));
      await seller.page.getByLabel('Category').selectOption('Iphone');
      await seller.page.getByLabel('Buying price ($)').fill('599');
      await seller.page.getByLabel('Selling price ($)').fill('240');
      await seller.page.getByLabel('Years used').fill('2');
      await seller.page.getByLabel('Phone').fill('+880 1311-000999');
      await seller.page.getByLabel('Address').fill('Agrabad, Chattogram');
      await seller.page.getByLabel('About').fill(hostileAbout);
      await seller.page.getByRole('button', { name: 'Add Product' }).click();
      await seeToast(seller.page, `${hostileProductName} is added successfully`);
      await tableRow(seller.page, hostileProductName).waitFor();
      await seller.screenshot('seller-my-product');
      await expectNothingExecuted(seller.page);

      // A buyer browses it, hovers the seller's name, books it and sees the order.
      const buyer = await visitor();
      await signUp(buyer.page, {
        name: 'Shuvo Das',
        email: 'shuvo.buyer@journey.test',
        password: 'shuvo-pass-2026',
        role: 'buyer',
      });
      await openCategoryFromHome(buyer.page, 'Iphone');
      const card = productCard(buyer.page, hostileProductName);
      await card.getByText(hostileAbout, { exact: true }).waitFor();
      await card.getByText(hostileSellerName, { exact: true }).hover();
      await buyer.screenshot('category-card');
      await expectNothingExecuted(buyer.page);

      const form = await openBookingForm(buyer.page, hostileProductName, {
        phone: '+880 1411-123123',
        address: 'Halishahar, Chattogram',
      });
      await form.getByRole('button', { name: 'Submit' }).click();
      await seeToast(buyer.page, 'Booking confirmed');
      await buyer.page.getByRole('link', { name: 'My orders' }).click();
      await tableRow(buyer.page, hostileProductName).waitFor();
      await expectNothingExecuted(buyer.page);

      // Reported, with hostile words of the buyer's own, it reaches the admin, who also lists
      // the seller among users and sellers.
      await buyer.page.goBack();
      await card.getByRole('button', { name: 'Report' }).click();
      const report = buyer.page.getByRole('dialog', { name: `Report ${hostileProductName}` });
      await report.getByRole('radio', { name: 'Other' }).check();
      await report.getByLabel('What is wrong?').fill(hostileReportDetails);
      await report.getByRole('button', { name: 'Report' }).click();
      await seeToast(buyer.page, 'Successfully Reported');

      const admin = await visitor();
      const { email, password } = demoAccount(browser.stack, 'admin');
      await logIn(admin.page, email, password);
      await openDashboardPage(admin.page, 'Reported Items');
      await tableRow(admin.page, hostileProductName)
        .getByText(hostileReportDetails, { exact: false })
        .hover();
      await admin.screenshot('admin-reported-items');
      await openDashboardPage(admin.page, 'Users');
      await tableRow(admin.page, 'mallory.seller@journey.test')
        .getByText(hostileSellerName, { exact: true })
        .hover();
      await openDashboardPage(admin.page, 'Sellers');
      await tableRow(admin.page, 'mallory.seller@journey.test')
        .getByText(hostileSellerName, { exact: true })
        .hover();
      await admin.screenshot('admin-sellers');
      await expectNothingExecuted(admin.page);

      for (const { pageErrors } of visitors) expect(pageErrors).toEqual([]);
    },
    journeyTimeoutMs,
  );
});
