import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  journeyTimeoutMs,
  screenshotsDir,
  useJourneyBrowser,
  type Visitor,
} from './support/browser.ts';
import {
  openDashboardPage,
  seeToast,
  signUp,
  submitLogin,
  tableRow,
  type NewAccount,
  listPhone,
} from './support/user-steps.ts';

// A page per listing, and listings that change: a shared link brings a signed-out visitor to the
// listing once signed in; the seller's edits, sale and withdrawal show live on a buyer's open page.

/** What this file's seller fills in for every phone, besides the name and price. */
const phoneListing = {
  condition: 'Excelent',
  buyingPrice: '899',
  phone: '+880 1711-303030',
  address: 'Dhanmondi, Dhaka',
  about: 'Boxed, with charger, battery health 94%.',
} as const;

const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();

/** From My Products to the listing's own page; answers its address, as the seller would share it. */
async function openOwnListing(page: Page, productName: string): Promise<string> {
  await tableRow(page, productName).getByRole('link', { name: productName }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/product/'));
  await listingHeading(page, productName).waitFor();
  return new URL(page.url()).pathname;
}

const listingHeading = (page: Page, productName: string) =>
  page.getByRole('heading', { level: 1, name: productName, exact: true });

const listingPage = (page: Page, productName: string) =>
  page.getByRole('article', { name: productName, exact: true });

/** The listing's state badge (Available, Booked, Sold…). */
const statusBadge = (listing: Locator, text: string) =>
  listing.locator('.listing__badges').getByText(text, { exact: true });

/** A buyer's account, made in its own browser profile and signed out of. */
async function buyerAccount(account: NewAccount): Promise<Visitor> {
  const buyer = await visitor();
  await signUp(buyer.page, account);
  await buyer.page.getByRole('button', { name: 'Sign out' }).click();
  await buyer.page.getByRole('link', { name: 'Login' }).waitFor();
  return buyer;
}

describe("a listing's own page", () => {
  it(
    'a shared link brings a signed-out buyer to the listing after login; the buyer books from it',
    async () => {
      const productName = 'Galaxy S23 Lavender 256GB';
      const seller = await visitor();
      await signUp(seller.page, {
        name: 'Farhana Phone House',
        email: 'farhana.listing@journey.test',
        password: 'farhana-pass-2026',
        role: 'seller',
      });
      await listPhone(seller.page, productName, { ...phoneListing, sellingPrice: '640' });
      const link = await openOwnListing(seller.page, productName);
      // Nobody books or reports their own listing.
      await seller.page.getByRole('link', { name: 'Manage in My Products' }).waitFor();
      expect(await seller.page.getByRole('button', { name: 'Book now' }).count()).toBe(0);
      await openDashboardPage(seller.page, 'Bookings on my listings');
      await seller.page.getByText('Nobody has booked your products yet.').waitFor();

      const account: NewAccount = {
        name: 'Mahmud Hasan',
        email: 'mahmud.listing@journey.test',
        password: 'mahmud-pass-2026',
        role: 'buyer',
      };
      const buyer = await buyerAccount(account);
      await buyer.page.goto(link);
      await buyer.page.waitForURL((url) => url.pathname === '/login');
      await submitLogin(buyer.page, account.email, account.password);
      await buyer.page.waitForURL((url) => url.pathname === link);
      const listing = listingPage(buyer.page, productName);
      await statusBadge(listing, 'Available').waitFor();
      expect(await listing.textContent()).toContain('Farhana Phone House');

      // The buyer books from the listing page; it shows booked, and Book now goes.
      await listing.getByRole('button', { name: 'Book now' }).click();
      const form = buyer.page.getByRole('dialog', { name: productName });
      await form.getByLabel('Phone').fill('+880 1912-454545');
      await form.getByLabel('Address').fill('Mohammadpur, Dhaka');
      await form.getByRole('button', { name: 'Submit' }).click();
      await seeToast(buyer.page, 'Booking confirmed');
      await statusBadge(listing, 'Booked').waitFor();
      await listing.getByRole('button', { name: 'Book now' }).waitFor({ state: 'detached' });

      // The seller's open bookings screen shows it without a reload.
      await seeToast(seller.page, `Mahmud Hasan booked your ${productName}`);
      await tableRow(seller.page, productName).getByText('Waiting for your answer').waitFor();
      await seller.page
        .getByRole('status')
        .filter({ hasText: 'booked your' })
        .waitFor({ state: 'hidden' });
      await seller.screenshotAs('seller-bookings');
    },
    journeyTimeoutMs,
  );

  it(
    "the seller lowers the price; the buyer's open page shows the new price and its history live",
    async () => {
      const productName = 'Galaxy S23 FE Mint 128GB';
      const seller = await visitor();
      await signUp(seller.page, {
        name: 'Rumana Gadget Point',
        email: 'rumana.listing@journey.test',
        password: 'rumana-pass-2026',
        role: 'seller',
      });
      await listPhone(seller.page, productName, { ...phoneListing, sellingPrice: '640' });
      const link = await openOwnListing(seller.page, productName);
      await openDashboardPage(seller.page, 'My Product');

      const buyer = await visitor();
      await signUp(buyer.page, {
        name: 'Sabbir Rahman',
        email: 'sabbir.listing@journey.test',
        password: 'sabbir-pass-2026',
        role: 'buyer',
      });
      await buyer.page.goto(link);
      const listing = listingPage(buyer.page, productName);
      await listing.getByRole('button', { name: 'Book now' }).waitFor();

      const row = tableRow(seller.page, productName);
      // The form's picture without the listing's toast over it.
      await seller.page
        .getByRole('status')
        .filter({ hasText: 'is added successfully' })
        .waitFor({ state: 'hidden' });
      await row.getByRole('button', { name: `Edit ${productName}` }).click();
      const edit = seller.page.getByRole('dialog', { name: `Edit ${productName}` });
      await edit.getByLabel('Selling price ($)').fill('585');
      await edit
        .getByLabel('About')
        .fill('Boxed, with charger, battery health 94%. Price lowered.');
      await seller.screenshotAs('seller-edit-listing');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await seeToast(seller.page, `${productName} is updated`);
      await row.getByText('585$').waitFor();

      // No reload on the buyer's side: the price, the history and a toast.
      await seeToast(buyer.page, `${productName}: the price is now 585$ (was 640$)`);
      const history = listing.getByRole('region', { name: 'Price history' });
      await history.getByText('Down 55$').waitFor();
      expect(await history.getByRole('listitem').count()).toBe(2);
      expect(await listing.textContent()).toContain('Price lowered.');
      await listing.getByRole('button', { name: 'Book now' }).waitFor();
      // The page itself, once the toast has gone from over it.
      await buyer.page
        .getByRole('status')
        .filter({ hasText: 'the price is now' })
        .waitFor({ state: 'hidden' });
      await buyer.screenshotAs('listing-page');
    },
    journeyTimeoutMs,
  );

  it(
    "the seller marks one phone sold and withdraws another; the buyer's open pages show it live",
    async () => {
      const sold = 'Galaxy A35 Awesome Navy';
      const withdrawn = 'Galaxy A25 Blue Black';
      const seller = await visitor();
      await signUp(seller.page, {
        name: 'Jamal Mobiles',
        email: 'jamal.listing@journey.test',
        password: 'jamal-pass-2026',
        role: 'seller',
      });
      await listPhone(seller.page, sold, { ...phoneListing, sellingPrice: '275' });
      await listPhone(seller.page, withdrawn, { ...phoneListing, sellingPrice: '190' });
      const soldLink = await openOwnListing(seller.page, sold);
      await openDashboardPage(seller.page, 'My Product');
      const withdrawnLink = await openOwnListing(seller.page, withdrawn);
      await openDashboardPage(seller.page, 'My Product');

      const buyer = await visitor();
      await signUp(buyer.page, {
        name: 'Nusrat Jahan',
        email: 'nusrat.listing@journey.test',
        password: 'nusrat-pass-2026',
        role: 'buyer',
      });
      await buyer.page.goto(soldLink);
      const soldPage = listingPage(buyer.page, sold);
      await soldPage.getByRole('button', { name: 'Book now' }).waitFor();
      const other = await buyer.context.newPage();
      await other.goto(withdrawnLink);
      await listingPage(other, withdrawn).getByRole('button', { name: 'Book now' }).waitFor();

      // Sold outside the site: the buyer's page says Sold and offers no booking.
      await tableRow(seller.page, sold)
        .getByRole('button', { name: `Mark ${sold} sold` })
        .click();
      const askSold = seller.page.getByRole('alertdialog', { name: `Mark ${sold} sold?` });
      await askSold.getByRole('button', { name: 'Mark sold' }).click();
      await seeToast(seller.page, `${sold} is marked sold`);
      await seeToast(buyer.page, `${sold} has been sold`);
      await statusBadge(soldPage, 'Sold').waitFor();
      await soldPage.getByRole('button', { name: 'Book now' }).waitFor({ state: 'detached' });
      await buyer.screenshot('sold-live');

      // Withdrawn: off sale for good, so the buyer's page says it is gone.
      await tableRow(seller.page, withdrawn)
        .getByRole('button', { name: `Withdraw ${withdrawn}` })
        .click();
      const askWithdraw = seller.page.getByRole('alertdialog', { name: `Withdraw ${withdrawn}?` });
      await askWithdraw.getByRole('button', { name: 'Withdraw' }).click();
      await seeToast(seller.page, `${withdrawn} is withdrawn`);
      await other.getByRole('heading', { name: `${withdrawn} is no longer on sale` }).waitFor();
      expect(await other.getByRole('button', { name: 'Book now' }).count()).toBe(0);
      await other.screenshot({
        path: path.join(screenshotsDir, 'listing-page-withdrawn-live.png'),
      });

      // Neither is offered on search any more; the results page shows the others.
      await buyer.page.goto('/search?q=galaxy');
      await buyer.page.getByRole('heading', { name: 'Results for “galaxy”' }).waitFor();
      // The first row of cards with their pictures decoded (the rest load as they scroll in).
      const pictures = buyer.page.getByRole('article').locator('img');
      await expect
        .poll(
          () =>
            pictures.evaluateAll((images: HTMLImageElement[]) =>
              images.slice(0, 3).every((image) => image.complete && image.naturalWidth > 0),
            ),
          { timeout: 30_000 },
        )
        .toBe(true);
      expect(await buyer.page.getByRole('article', { name: withdrawn, exact: true }).count()).toBe(
        0,
      );
      await buyer.screenshotAs('search-page');
    },
    journeyTimeoutMs,
  );
});
