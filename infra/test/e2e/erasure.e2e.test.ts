import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import {
  listPhone,
  logIn,
  openBookingForm,
  openCategoryFromHome,
  openDashboardPage,
  seeToast,
  signUp,
  tableRow,
} from './support/user-steps.ts';

// Issue 30, point 5: an admin deletes a user; their name, e-mail, phone and address become
// unreadable on the open pages, in the audit, and in every file of the data folder.

const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();

const buyer = {
  name: 'Quillon Erasmus',
  email: 'quillon.erasmus@journey.test',
  password: 'quillon-pass-2026',
  phone: '+880 1799-717171',
  address: 'Zanzibar Lane 17, Sylhet',
};
/** Their data as looked for in the files' bytes. */
const theirData = ['Quillon', 'Erasmus', 'quillon.erasmus', '1799-717171', 'Zanzibar Lane'];

/** Each file of the folder (its subfolders too) holding any of the values, with those found. */
function filesHolding(values: readonly string[], dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return filesHolding(values, file);
    const bytes = readFileSync(file);
    const found = values.filter((value) => bytes.includes(value));
    return found.length > 0 ? [`${path.relative(browser.stack.dataDir, file)}: ${found}`] : [];
  });
}

describe("erasing a deleted user's personal data", () => {
  it(
    'an admin deletes a buyer: the seller sees "erased" live, the audit too, and no file holds their data',
    async () => {
      const productName = 'Galaxy S22 Erasure Violet';
      const seller = await visitor();
      await signUp(seller.page, {
        name: 'Sadia Erasure Phones',
        email: 'sadia.erasure@journey.test',
        password: 'sadia-pass-2026',
        role: 'seller',
      });
      await listPhone(seller.page, productName);
      await openDashboardPage(seller.page, 'Bookings on my listings');

      const customer = await visitor();
      await signUp(customer.page, { ...buyer, role: 'buyer' });
      await openCategoryFromHome(customer.page, 'Samsung');
      const form = await openBookingForm(customer.page, productName, buyer);
      await form.getByRole('button', { name: 'Submit' }).click();
      await seeToast(customer.page, 'Booking confirmed');
      const received = tableRow(seller.page, productName);
      await received.getByText(buyer.name).waitFor();
      await received.getByText(buyer.address).waitFor();
      expect(filesHolding(theirData, browser.stack.dataDir)).not.toEqual([]);

      const admin = await visitor();
      const { email, password } = demoAccount(browser.stack, 'admin');
      await logIn(admin.page, email, password);
      await openDashboardPage(admin.page, 'Users');
      await tableRow(admin.page, buyer.email).getByRole('button', { name: 'Delete' }).click();
      await admin.page
        .getByRole('alertdialog', { name: 'Are you sure you want to delete?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await seeToast(admin.page, 'user deleted successfully');

      // The seller's open page: the booking stays (cancelled), its buyer reads "erased".
      await received.getByText('erased@erased.invalid').waitFor();
      expect(await received.textContent()).not.toContain(buyer.name);
      await seller.screenshot('seller-bookings');

      // The audit keeps the booking, its time and ids; who booked reads "erased".
      await openDashboardPage(admin.page, 'Audit');
      await admin.page.getByLabel('E-mail, listing name or id').fill(productName);
      await admin.page.getByRole('button', { name: 'Show timeline' }).click();
      const timeline = admin.page.getByRole('list', { name: 'Timeline' });
      await timeline.getByRole('listitem').filter({ hasText: 'booked by "erased"' }).waitFor();
      expect(await timeline.textContent()).not.toContain('Quillon');
      await admin.screenshot('audit');

      // Projected and purged before the seller's page heard of it: no file holds their data.
      expect(filesHolding(theirData, browser.stack.dataDir)).toEqual([]);
      expect(admin.pageErrors).toEqual([]);
    },
    journeyTimeoutMs,
  );
});
