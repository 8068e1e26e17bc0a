import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import {
  openBookingForm,
  openCategoryFromHome,
  openDashboardPage,
  seeToast,
  signUp,
  tableRow,
  listPhone,
} from './support/user-steps.ts';

// Bookings end: the seller sees a booking arrive live and answers it; the buyer sees the answer
// live in My Orders, or cancels while it waits.

const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();

/** The buyer books the phone from its category page. */
async function bookPhone(page: Page, productName: string): Promise<void> {
  await openCategoryFromHome(page, 'Samsung');
  const form = await openBookingForm(page, productName, {
    phone: '+880 1912-121212',
    address: 'Bashundhara R/A, Dhaka',
  });
  await form.getByRole('button', { name: 'Submit' }).click();
  await seeToast(page, 'Booking confirmed');
}

const pendingCount = (page: Page, count: number) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `Bookings on my listings: ${count} waiting for your answer` });

describe('bookings that end', () => {
  it(
    'a buyer books; the seller sees it live (toast, counter), accepts, and the buyer sees it accepted live',
    async () => {
      const productName = 'Galaxy S22 Phantom White';
      const seller = await visitor();
      const buyer = await visitor();
      await signUp(seller.page, {
        name: 'Nabila Phones',
        email: 'nabila.answers@journey.test',
        password: 'nabila-pass-2026',
        role: 'seller',
      });
      await listPhone(seller.page, productName);
      await pendingCount(seller.page, 0).waitFor();
      await openDashboardPage(seller.page, 'Bookings on my listings');
      await seller.page.getByRole('heading', { name: 'Bookings on my listings' }).waitFor();
      await seller.page.getByText('Nobody has booked your products yet.').waitFor();

      await signUp(buyer.page, {
        name: 'Rashed Islam',
        email: 'rashed.answers@journey.test',
        password: 'rashed-pass-2026',
        role: 'buyer',
      });
      await bookPhone(buyer.page, productName);
      await buyer.page.getByRole('link', { name: 'My orders' }).click();
      const order = tableRow(buyer.page, productName);
      await order.getByText('Waiting for the seller').waitFor();

      // The seller did nothing: the booking arrives on the open page, with a toast and a count.
      await seeToast(seller.page, `Rashed Islam booked your ${productName}`);
      await pendingCount(seller.page, 1).waitFor();
      const received = tableRow(seller.page, productName);
      await received.getByText('Waiting for your answer').waitFor();
      await seller.screenshot('seller-bookings');

      await received
        .getByRole('button', { name: `Accept the booking of ${productName} by Rashed Islam` })
        .click();
      await seeToast(seller.page, 'Booking accepted: the phone is sold');
      await received.getByText('Accepted: sold').waitFor();
      await pendingCount(seller.page, 0).waitFor();

      // The buyer did nothing either: My Orders changes and says so.
      await seeToast(buyer.page, `${productName}: Accepted by the seller`);
      await order.getByText('Accepted by the seller').waitFor();
      expect(await order.getByRole('button', { name: /Cancel/ }).count()).toBe(0);
      await buyer.screenshot('my-orders-accepted');
    },
    journeyTimeoutMs,
  );

  it(
    'a buyer cancels a pending booking; the seller sees it cancelled live and the phone is on sale again',
    async () => {
      const productName = 'Galaxy A54 Awesome Lime';
      const seller = await visitor();
      const buyer = await visitor();
      await signUp(seller.page, {
        name: 'Shirin Gadgets',
        email: 'shirin.answers@journey.test',
        password: 'shirin-pass-2026',
        role: 'seller',
      });
      await listPhone(seller.page, productName);
      await openDashboardPage(seller.page, 'Bookings on my listings');

      await signUp(buyer.page, {
        name: 'Tanvir Ahmed',
        email: 'tanvir.answers@journey.test',
        password: 'tanvir-pass-2026',
        role: 'buyer',
      });
      await bookPhone(buyer.page, productName);
      const received = tableRow(seller.page, productName);
      await received.getByText('Waiting for your answer').waitFor();

      await buyer.page.getByRole('link', { name: 'My orders' }).click();
      const order = tableRow(buyer.page, productName);
      await order.getByRole('button', { name: `Cancel the booking of ${productName}` }).click();
      await seeToast(buyer.page, 'Booking cancelled');
      await order.getByText('Cancelled by you').waitFor();
      await buyer.screenshot('my-orders-cancelled');

      await seeToast(seller.page, `${productName}: Cancelled by the buyer`);
      await received.getByText('Cancelled by the buyer').waitFor();
      await pendingCount(seller.page, 0).waitFor();

      // On sale again: the category page offers it for purchase.
      await openCategoryFromHome(buyer.page, 'Samsung');
      await buyer.page
        .getByRole('article', { name: productName, exact: true })
        .getByRole('button', { name: 'Purchase' })
        .waitFor();
    },
    journeyTimeoutMs,
  );
});
