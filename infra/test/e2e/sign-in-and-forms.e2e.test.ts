import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import {
  logIn,
  openDashboardPage,
  seeSignedIn,
  seeToast,
  signUp,
  submitLogin,
} from './support/user-steps.ts';

// Signing in (password and Google), guarded and unknown routes, and the required-field messages.
const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();

/** Each message shows, and as many fields are marked invalid as there are messages. */
async function seeRequiredFieldMessages(form: Locator, messages: string[]): Promise<void> {
  for (const message of messages) await form.getByText(message, { exact: true }).waitFor();
  expect(await form.locator('[aria-invalid="true"]').count()).toBe(messages.length);
}

/** Account as the Auth emulator holds it (its admin REST API takes the bearer token 'owner'). */
async function emulatorAccount(
  email: string,
): Promise<{ providerUserInfo?: { providerId: string }[] }> {
  const response = await fetch(
    `${browser.stack.urls.authEmulator}/identitytoolkit.googleapis.com/v1/projects/demo-resale/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  const answer = (await response.json()) as {
    users?: { providerUserInfo?: { providerId: string }[] }[];
  };
  const [account] = answer.users ?? [];
  if (!account) throw new Error(`The emulator has no account ${email}`);
  return account;
}

const onPath = (page: Page, pathname: string): Promise<void> =>
  page.waitForURL((url) => url.pathname === pathname);

/**
 * Makes the page's IndexedDB answer `delayMs` late, as a busy machine's browser storage does:
 * Firebase reads its saved session from it after the page has shown the forms.
 */
async function slowBrowserStorage(page: Page, delayMs: number): Promise<void> {
  await page.addInitScript((delay) => {
    const open = indexedDB.open.bind(indexedDB);
    indexedDB.open = (name: string, version?: number) => {
      const request = open(name, version);
      const listen = request.addEventListener.bind(request);
      request.addEventListener = (type: string, listener: EventListenerOrEventListenerObject) => {
        if (type !== 'success') return listen(type, listener);
        listen(type, (event) =>
          setTimeout(() => {
            if (typeof listener === 'function') listener.call(request, event);
            else listener.handleEvent(event);
          }, delay),
        );
      };
      return request;
    };
  }, delayMs);
}

describe('signing in', () => {
  it(
    "Google sign-in: 'CONTINUE WITH GOOGLE' opens the emulator's account chooser and signs the user in",
    async () => {
      const { page, screenshot } = await visitor();
      const google = { email: 'farhan.google@journey.test', name: 'Farhan Kabir' };
      await page.goto('/login');
      await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
      const chooser = page.getByRole('dialog', { name: 'Sign in with Google (Auth emulator)' });
      await chooser.getByLabel('Google email').fill(google.email);
      await chooser.getByLabel('Display name').fill(google.name);
      await screenshot('google-account-chooser');
      await chooser.getByRole('button', { name: 'Sign in with Google.com' }).click();

      // A first Google sign-in creates the user (as a buyer) and lands on the home page.
      await seeToast(page, 'user created successfully');
      await seeSignedIn(page);
      await onPath(page, '/');
      await openDashboardPage(page, 'My Orders');
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      await screenshot('google-signed-in');
      const account = await emulatorAccount(google.email);
      expect(account.providerUserInfo?.map(({ providerId }) => providerId)).toEqual(['google.com']);

      // Signing out and in again with the same Google account finds the same user.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('link', { name: 'Login' }).click();
      await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
      await chooser.getByLabel('Google email').fill(google.email);
      await chooser.getByRole('button', { name: 'Sign in with Google.com' }).click();
      await seeSignedIn(page);
      await onPath(page, '/');
    },
    journeyTimeoutMs,
  );

  it(
    'a signed-out user opening /dashboard is sent to /login and back to /dashboard after logging in',
    async () => {
      const { page, screenshot } = await visitor();
      const buyer = demoAccount(browser.stack, 'buyer');
      await page.goto('/dashboard');
      await onPath(page, '/login');
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      await screenshot('guarded-route-login');
      await submitLogin(page, buyer.email, buyer.password);
      await onPath(page, '/dashboard');
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
    },
    journeyTimeoutMs,
  );

  it(
    'a sign-up sent before the browser has read its saved session goes through',
    async () => {
      const { page } = await visitor();
      await slowBrowserStorage(page, 3_000);
      await signUp(page, {
        name: 'Sami Early',
        email: 'sami.early@journey.test',
        password: 'sami-pass-2026',
        role: 'buyer',
      });
    },
    journeyTimeoutMs,
  );

  it(
    "an unknown route shows 'No Data Found'",
    async () => {
      const { page, screenshot } = await visitor();
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'No Data Found' }).waitFor();
      await screenshot('no-data-found');
    },
    journeyTimeoutMs,
  );

  it(
    'the site opened as localhost, where 127.0.0.1 was printed, shows its categories',
    async () => {
      const { page, screenshot } = await visitor();
      const web = new URL(browser.stack.urls.web);
      expect(web.hostname).toBe('127.0.0.1');
      await page.goto(`http://localhost:${web.port}/`);
      for (const category of ['Samsung', 'Oppo', 'Iphone'])
        await page.getByRole('heading', { name: category, exact: true }).waitFor();
      await screenshot('home-as-localhost');
    },
    journeyTimeoutMs,
  );
});

describe('required-field messages of empty forms', () => {
  it(
    'login and sign-up',
    async () => {
      const { page, screenshot } = await visitor();
      await page.goto('/login');
      const login = page.locator('form', { has: page.getByRole('heading', { name: 'Login' }) });
      await login.getByRole('button', { name: 'Login', exact: true }).click();
      await seeRequiredFieldMessages(login, ['Email Address is required', 'Password is required']);
      await screenshot('login-required-fields');

      await page.goto('/signup');
      const signUp = page.locator('form', { has: page.getByRole('heading', { name: 'Sign Up' }) });
      await signUp.getByRole('button', { name: 'Sign Up' }).click();
      await seeRequiredFieldMessages(signUp, [
        'name is required',
        'Email Address is required',
        'Password is required',
        'select account type',
      ]);
      await screenshot('signup-required-fields');
    },
    journeyTimeoutMs,
  );

  it(
    'add product: the twelve messages of spec section 5',
    async () => {
      const { page, screenshot } = await visitor();
      const seller = demoAccount(browser.stack, 'seller');
      await logIn(page, seller.email, seller.password);
      await openDashboardPage(page, 'Add Product');
      const form = page.locator('form', { has: page.getByRole('button', { name: 'Add Product' }) });
      // Seller name and e-mail come filled in from the account: the seller empties them.
      await form.getByLabel('Seller name').fill('');
      await form.getByLabel('Email').fill('');
      await form.getByRole('button', { name: 'Add Product' }).click();
      // The condition select has no empty choice (Good is the default, spec section 5), so a user
      // never sees its message: every other field's message shows.
      expect(await form.getByLabel('Condition').inputValue()).toBe('Good');
      const everyMessageButCondition = [
        'sellerName is required',
        'name is required',
        'email is required',
        'img is required',
        'category is required',
        'buyingPrice is required',
        'sellingPrice is required',
        'year is required',
        'phone is required',
        'address is required',
        'about is required',
      ];
      await seeRequiredFieldMessages(form, everyMessageButCondition);
      await screenshot('add-product-required-fields');

      // The twelfth rule still holds for a select without a value (a tampered page, say).
      await form.getByLabel('Condition').evaluate((select: HTMLSelectElement) => {
        select.add(new Option('', ''), 0);
        select.value = '';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await form.getByRole('button', { name: 'Add Product' }).click();
      await seeRequiredFieldMessages(form, [...everyMessageButCondition, 'condition is required']);
    },
    journeyTimeoutMs,
  );
});
