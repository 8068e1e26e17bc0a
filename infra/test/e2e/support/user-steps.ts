import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

/*
 * What users do, step by step, found by role, label and text as they see them. Every step ends
 * by waiting for what the user would see next, never for a fixed time.
 */

export const demoPicturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets/demo',
);

export interface NewAccount {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly role: 'buyer' | 'seller';
}

/** Waits for a toast (react-hot-toast keeps success ones for 2 s, errors for 4 s). */
export async function seeToast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

export async function seeSignedIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

export async function signUp(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Account type').selectOption(account.role);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // The form's message, if the sign-up fails, says why better than a timeout would.
  const created = page.getByRole('status').filter({ hasText: 'user created successfully' });
  const refused = page.locator('form').getByRole('alert');
  await created.or(refused).first().waitFor();
  if (await refused.isVisible()) {
    throw new Error(`The sign-up of ${account.email} failed: ${await refused.innerText()}`);
  }
  await seeSignedIn(page);
  await page.waitForURL((url) => url.pathname === '/');
}

/** Fills and sends the login form of the page the browser is on (/login). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await seeSignedIn(page);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
}

/** From the navigation bar's Dashboard link to an entry of the dashboard's side menu. */
export async function openDashboardPage(page: Page, entry: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: entry })
    .click();
}

/** Home page → the category card's 'See All Categories' → the category's product list. */
export async function openCategoryFromHome(page: Page, category: string): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: category, exact: true }) })
    .getByRole('link', { name: /See All Categories/ })
    .click();
  await page.getByRole('heading', { level: 1, name: category, exact: true }).waitFor();
}

/** A product card on a category page, found by the product's name. */
export function productCard(page: Page, productName: string): Locator {
  return page.getByRole('article', { name: productName, exact: true });
}

/** A table row holding the text (a product, user or seller in the dashboard's lists). */
export function tableRow(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** Opens the booking modal from the product's 'Purchase' button and fills phone and address. */
export async function openBookingForm(
  page: Page,
  productName: string,
  details: { phone: string; address: string },
): Promise<Locator> {
  await productCard(page, productName).getByRole('button', { name: 'Purchase' }).click();
  const form = page.getByRole('dialog', { name: productName });
  await form.getByLabel('Phone').fill(details.phone);
  await form.getByLabel('Address').fill(details.address);
  return form;
}

/** What a seller fills in the Add Product form besides the name (the rest has defaults). */
export interface PhoneListing {
  readonly condition?: 'Good' | 'Excelent' | 'Fair';
  readonly buyingPrice?: string;
  readonly sellingPrice?: string;
  readonly phone?: string;
  readonly address?: string;
  readonly about?: string;
}

/** A seller lists a Samsung phone through the Add Product form; it lands on My Products. */
export async function listPhone(
  page: Page,
  productName: string,
  listing: PhoneListing = {},
): Promise<void> {
  await openDashboardPage(page, 'Add Product');
  await page.getByRole('heading', { name: 'Add A Product' }).waitFor();
  await page.getByLabel('Product name').fill(productName);
  await page
    .getByLabel('Product image')
    .setInputFiles(path.join(demoPicturesDir, 'samsung-galaxy-s22.png'));
  await page.getByLabel('Category').selectOption('Samsung');
  await page.getByLabel('Condition').selectOption(listing.condition ?? 'Good');
  await page.getByLabel('Buying price ($)').fill(listing.buyingPrice ?? '820');
  await page.getByLabel('Selling price ($)').fill(listing.sellingPrice ?? '455');
  await page.getByLabel('Years used').fill('1');
  await page.getByLabel('Phone').fill(listing.phone ?? '+880 1711-909090');
  await page.getByLabel('Address').fill(listing.address ?? 'Dhanmondi, Dhaka');
  await page.getByLabel('About').fill(listing.about ?? 'Boxed, with charger, no scratches.');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await seeToast(page, `${productName} is added successfully`);
  await page.getByRole('heading', { name: 'My Products' }).waitFor();
}
