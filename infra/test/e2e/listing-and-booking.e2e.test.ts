import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import {
  demoPicturesDir,
  openBookingForm,
  openCategoryFromHome,
  openDashboardPage,
  productCard,
  seeToast,
  signUp,
  tableRow,
} from './support/user-steps.ts';

// A seller lists a phone; buyers find it from the home page and book it, once.
const listing = {
  productName: 'Galaxy S20 FE Cloud Navy',
  category: 'Samsung',
  buyingPrice: '699',
  sellingPrice: '310',
  year: '3',
  phone: '+880 1811-000111',
  address: 'Mirpur, Dhaka',
  about: 'One owner, battery health 86%, a small scratch on the back glass.',
};

const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();

describe('listing and booking a phone', () => {
  it(
    'a seller signs up, adds a product with a picture, and sees it under My Product',
    async () => {
      const { page, screenshot } = await visitor();
      await signUp(page, {
        name: 'Karim Mobile Corner',
        email: 'karim.seller@journey.test',
        password: 'karim-pass-2026',
        role: 'seller',
      });

      await openDashboardPage(page, 'Add Product');
      await page.getByRole('heading', { name: 'Add A Product' }).waitFor();
      await page.getByLabel('Product name').fill(listing.productName);
      await page
        .getByLabel('Product image')
        .setInputFiles(path.join(demoPicturesDir, 'samsung-galaxy-s22.png'));
      await page.getByLabel('Category').selectOption(listing.category);
      await page.getByLabel('Condition').selectOption('Excelent');
      await page.getByLabel('Buying price ($)').fill(listing.buyingPrice);
      await page.getByLabel('Selling price ($)').fill(listing.sellingPrice);
      await page.getByLabel('Years used').fill(listing.year);
      await page.getByLabel('Phone').fill(listing.phone);
      await page.getByLabel('Address').fill(listing.address);
      await page.getByLabel('About').fill(listing.about);
      await screenshot('add-product-filled');
      await page.getByRole('button', { name: 'Add Product' }).click();

      await seeToast(page, `${listing.productName} is added successfully`);
      await page.getByRole('heading', { name: 'My Products' }).waitFor();
      const row = tableRow(page, listing.productName);
      await row.waitFor();
      expect(await row.textContent()).toContain('310');
      // The uploaded picture (a decorative thumbnail) is served by the gateway and decodes.
      const thumbnail = row.locator('img');
      await expect
        .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      expect(await thumbnail.getAttribute('src')).toMatch(/\/images\/[\w-]+\.webp$/);
      await screenshot('my-product');
    },
    journeyTimeoutMs,
  );

  it(
    "a buyer opens the category from the home page, books the product, sees 'Booking confirmed' and the order in My orders",
    async () => {
      const { page, screenshot } = await visitor();
      await signUp(page, {
        name: 'Tania Rahman',
        email: 'tania.buyer@journey.test',
        password: 'tania-pass-2026',
        role: 'buyer',
      });
      await screenshot('home-signed-in');

      await openCategoryFromHome(page, listing.category);
      const card = productCard(page, listing.productName);
      await card.waitFor();
      expect(await card.textContent()).toContain(listing.address);
      await screenshot('category');

      const form = await openBookingForm(page, listing.productName, {
        phone: '+880 1911-222333',
        address: 'Uttara Sector 7, Dhaka',
      });
      await screenshot('booking-form');
      await form.getByRole('button', { name: 'Submit' }).click();
      await seeToast(page, 'Booking confirmed');
      await form.waitFor({ state: 'hidden' });
      await card.getByRole('button', { name: 'Booked' }).waitFor();
      await screenshot('booking-confirmed');

      await page.getByRole('link', { name: 'My orders' }).click();
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      const order = tableRow(page, listing.productName);
      await order.waitFor();
      expect(await order.textContent()).toContain('Uttara Sector 7, Dhaka');
      await screenshot('my-orders');
    },
    journeyTimeoutMs,
  );

  it(
    "a second buyer's booking of the same product is refused: 'This product is already booked'",
    async () => {
      // Two buyers have the booking form of the same phone open; the first to submit gets it.
      const phone = 'Oppo Reno8 5G 256GB';
      const first = await visitor();
      const second = await visitor();
      await signUp(first.page, {
        name: 'Imran Hossain',
        email: 'imran.buyer@journey.test',
        password: 'imran-pass-2026',
        role: 'buyer',
      });
      await signUp(second.page, {
        name: 'Sadia Akter',
        email: 'sadia.buyer@journey.test',
        password: 'sadia-pass-2026',
        role: 'buyer',
      });
      await openCategoryFromHome(first.page, 'Oppo');
      await openCategoryFromHome(second.page, 'Oppo');
      const firstForm = await openBookingForm(first.page, phone, {
        phone: '+880 1511-444555',
        address: 'Banani, Dhaka',
      });
      const secondForm = await openBookingForm(second.page, phone, {
        phone: '+880 1611-666777',
        address: 'Khulshi, Chattogram',
      });

      await firstForm.getByRole('button', { name: 'Submit' }).click();
      await seeToast(first.page, 'Booking confirmed');

      await secondForm.getByRole('button', { name: 'Submit' }).click();
      await secondForm
        .getByRole('alert')
        .filter({ hasText: 'This product is already booked' })
        .waitFor();
      await second.screenshot('second-booking-refused');
      await secondForm.getByRole('button', { name: 'Cancel' }).click();
      // The live list now shows it booked to the second buyer too.
      await productCard(second.page, phone).getByRole('button', { name: 'Booked' }).waitFor();
      await second.page.getByRole('link', { name: 'My orders' }).click();
      await second.page.getByText('You have no orders yet.').waitFor();
    },
    journeyTimeoutMs,
  );
});
