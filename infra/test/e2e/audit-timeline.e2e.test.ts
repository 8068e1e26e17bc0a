import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import {
  logIn,
  openBookingForm,
  openCategoryFromHome,
  openDashboardPage,
  seeToast,
  signUp,
  tableRow,
  listPhone,
} from './support/user-steps.ts';

// The admin's audit: a listing's timeline, updated live as its seller edits it, and the listing
// "as it was then" at its booking, beside today's.

const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();

const timelineEntry = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: text });

describe("the admin's audit timeline", () => {
  it(
    "an admin watches a listing's timeline live, then sees the listing as it was at its booking beside today",
    async () => {
      const productName = 'Galaxy S22 Audit Graphite';
      const seller = await visitor();
      await signUp(seller.page, {
        name: 'Farhana Mobiles',
        email: 'farhana.audit@journey.test',
        password: 'farhana-pass-2026',
        role: 'seller',
      });
      await listPhone(seller.page, productName, {
        phone: '+880 1711-414141',
        address: 'Uttara, Dhaka',
        about: 'Boxed, with charger, battery health 91%.',
      });

      // A buyer books it at $455, then cancels: the seller may change the price again.
      const buyer = await visitor();
      await signUp(buyer.page, {
        name: 'Imran Hossain',
        email: 'imran.audit@journey.test',
        password: 'imran-pass-2026',
        role: 'buyer',
      });
      await openCategoryFromHome(buyer.page, 'Samsung');
      const form = await openBookingForm(buyer.page, productName, {
        phone: '+880 1912-343434',
        address: 'Mirpur, Dhaka',
      });
      await form.getByRole('button', { name: 'Submit' }).click();
      await seeToast(buyer.page, 'Booking confirmed');
      await buyer.page.getByRole('link', { name: 'My orders' }).click();
      const order = tableRow(buyer.page, productName);
      await order.getByRole('button', { name: `Cancel the booking of ${productName}` }).click();
      await seeToast(buyer.page, 'Booking cancelled');

      // The admin finds the listing by its name from the dashboard's Audit page.
      const admin = await visitor();
      const { email, password } = demoAccount(browser.stack, 'admin');
      await logIn(admin.page, email, password);
      await openDashboardPage(admin.page, 'Audit');
      await admin.page.getByRole('heading', { name: 'Audit timeline' }).waitFor();
      await admin.page.getByLabel('E-mail, listing name or id').fill(productName);
      await admin.page.getByRole('button', { name: 'Show timeline' }).click();
      await admin.page.getByRole('heading', { name: new RegExp(productName) }).waitFor();
      await timelineEntry(admin.page, `"${productName}" (Samsung, Good) listed at $455`).waitFor();
      const booked = timelineEntry(admin.page, 'booked by "Imran Hossain"');
      await booked.waitFor();
      await booked.getByText('Imran Hossain').first().waitFor();
      await timelineEntry(admin.page, 'on sale again').waitFor();
      expect(new URL(admin.page.url()).searchParams.get('q')).toBe(productName);
      // Survives only as long as the page is not reloaded.
      await admin.page.evaluate(() => Object.assign(window, { notReloaded: true }));

      // The seller lowers the price in their own browser.
      const row = tableRow(seller.page, productName);
      await seller.page
        .getByRole('status')
        .filter({ hasText: 'is added successfully' })
        .waitFor({ state: 'hidden' });
      await row.getByRole('button', { name: `Edit ${productName}` }).click();
      const edit = seller.page.getByRole('dialog', { name: `Edit ${productName}` });
      await edit.getByLabel('Selling price ($)').fill('399');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await seeToast(seller.page, `${productName} is updated`);

      // The admin's open timeline shows it without a reload, with who did it.
      const repriced = timelineEntry(admin.page, 'price changed to $399');
      await repriced.waitFor();
      await repriced.getByRole('link', { name: 'Farhana Mobiles' }).waitFor();
      expect(await admin.page.evaluate(() => 'notReloaded' in window)).toBe(true);
      await admin.screenshotAs('audit-timeline');

      // Filters live in the URL: only price changes.
      await admin.page.getByLabel('Kind of event').selectOption('ProductPriceChanged');
      await admin.page.waitForURL((url) => url.searchParams.get('type') === 'ProductPriceChanged');
      await timelineEntry(admin.page, 'booked by').waitFor({ state: 'detached' });
      await repriced.waitFor();
      await admin.page.getByLabel('Kind of event').selectOption('');
      await booked.waitFor();

      // "As it was then", from the booking: $455 then, $399 today.
      await booked.getByRole('link', { name: 'As it was then' }).click();
      await admin.page.getByRole('heading', { name: 'The listing as it was then' }).waitFor();
      const then = admin.page.getByRole('article', { name: /^Then/ });
      const today = admin.page.getByRole('article', { name: 'Today' });
      const field = (column: typeof then, name: string) =>
        column.getByRole('term').filter({ hasText: name }).locator('xpath=following-sibling::dd');
      await field(then, 'Price').getByText('455$').waitFor();
      await field(then, 'Status').getByText('booked').waitFor();
      await field(today, 'Price').getByText('399$').waitFor();
      await field(today, 'Status').getByText('available').waitFor();
      await admin.screenshotAs('audit-time-travel');
      expect(admin.pageErrors).toEqual([]);
    },
    journeyTimeoutMs,
  );
});
