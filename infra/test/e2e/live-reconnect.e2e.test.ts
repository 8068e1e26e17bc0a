import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WebSocketRoute } from 'playwright-core';
import { journeyTimeoutMs, useJourneyBrowser, type Visitor } from './support/browser.ts';
import { demoAccount } from './support/journey-stack.ts';
import {
  demoPicturesDir,
  logIn,
  openDashboardPage,
  productCard,
  seeToast,
  signUp,
} from './support/user-steps.ts';

// The live-update socket really drops (the test stands between page and gateway and closes it),
// a phone is listed meanwhile, and the open results page shows it once the socket is back. The
// browser's offline switch would only hold the socket's messages, not drop them.
const browser = useJourneyBrowser(import.meta.filename);
const visitor = (): Promise<Visitor> => browser.newVisitor();

/** graphql-ws retries on 1012 (service restart), as it would after a gateway restart. */
const serviceRestart = { code: 1012, reason: 'gateway restarting' };

describe('live updates across a dropped socket', () => {
  it(
    'a phone listed while the socket is down appears once it reconnects, without a reload',
    async () => {
      const shopper = await visitor();
      const sockets: WebSocketRoute[] = [];
      let down = false;
      await shopper.page.routeWebSocket(
        (url) => url.pathname.endsWith('/graphql'),
        async (socket) => {
          // While "down", every attempt is refused at once, as by a gateway that is not back yet.
          if (down) return socket.close(serviceRestart);
          socket.connectToServer();
          sockets.push(socket);
        },
      );
      await signUp(shopper.page, {
        name: 'Lena Reconnect',
        email: 'lena.reconnect@journey.test',
        password: 'lena-pass-2026',
        role: 'buyer',
      });
      const box = shopper.page.getByRole('search', { name: 'Site search' });
      await box.getByRole('searchbox', { name: 'Search' }).fill('kestrel');
      await box.getByRole('searchbox', { name: 'Search' }).press('Enter');
      await shopper.page.getByText('No products match your search.').waitFor();
      // The results page's subscription is open before the socket is cut.
      await expect.poll(() => sockets.length, { timeout: 30_000 }).toBeGreaterThan(0);

      down = true;
      await Promise.all(sockets.splice(0).map((socket) => socket.close(serviceRestart)));
      const banner = shopper.page.getByRole('status').filter({ hasText: 'Reconnecting…' });
      await banner.waitFor();
      await shopper.screenshot('reconnecting');

      const seller = await visitor();
      const account = demoAccount(browser.stack, 'seller');
      await logIn(seller.page, account.email, account.password);
      await openDashboardPage(seller.page, 'Add Product');
      await seller.page.getByRole('heading', { name: 'Add A Product' }).waitFor();
      await seller.page.getByLabel('Product name').fill('Samsung Galaxy M15 Kestrel');
      await seller.page
        .getByLabel('Product image')
        .setInputFiles(path.join(demoPicturesDir, 'samsung-galaxy-s22.png'));
      await seller.page.getByLabel('Category').selectOption('Samsung');
      await seller.page.getByLabel('Condition').selectOption('Good');
      await seller.page.getByLabel('Buying price ($)').fill('259');
      await seller.page.getByLabel('Selling price ($)').fill('130');
      await seller.page.getByLabel('Years used').fill('1');
      await seller.page.getByLabel('Phone').fill('+880 1711-204519');
      await seller.page.getByLabel('Address').fill('Banani, Dhaka');
      await seller.page.getByLabel('About').fill('Listed while the shopper was offline.');
      await seller.page.getByRole('button', { name: 'Add Product' }).click();
      await seeToast(seller.page, 'Samsung Galaxy M15 Kestrel is added successfully');
      // Still down: the shopper's page has not heard of it.
      expect(await banner.count()).toBe(1);
      expect(await productCard(shopper.page, 'Samsung Galaxy M15 Kestrel').count()).toBe(0);

      // The gateway is back: graphql-ws reconnects on its own, and the page catches up.
      down = false;
      await productCard(shopper.page, 'Samsung Galaxy M15 Kestrel').waitFor({ timeout: 60_000 });
      await banner.waitFor({ state: 'detached' });
      expect(await shopper.page.getByText('No products match your search.').count()).toBe(0);
      expect(shopper.pageErrors).toEqual([]);
      await shopper.screenshot('caught-up');
    },
    journeyTimeoutMs,
  );
});
