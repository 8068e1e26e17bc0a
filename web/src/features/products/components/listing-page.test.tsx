import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '@/testing/auth.ts';
import { aListing, seller } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';
import type { GraphqlRequest, RestRequest } from '@/testing/fake-server.ts';
import type { Listing } from '../api/listing.ts';

/**
 * /product/p1 as `user`, its answer read from `listing()` at each query (null: unknown or off
 * sale to the caller), and `rest` answering the commands.
 */
function renderListing(
  listing: () => Listing | null,
  options: {
    user?: typeof buyer;
    rest?: (request: RestRequest) => [number, unknown] | undefined;
  } = {},
) {
  const user = options.user ?? buyer;
  return renderApp('/product/p1', {
    user,
    server: {
      graphql: {
        Me: { me: meAs(user, user === seller ? 'seller' : 'buyer') },
        Listing: () => ({ product: listing() }),
      },
      ...(options.rest ? { rest: options.rest } : {}),
    },
  });
}

const listingReads = (requests: GraphqlRequest[]) =>
  requests
    .filter((request) => request.operationName === 'Listing')
    .map((request) => request.variables);

const announce = (server: ReturnType<typeof renderListing>['server'], position: number) =>
  server.announce('ListingChanged', {
    productChanged: { topic: 'productPage', position, ids: ['p1'] },
  });

const subscribed = async (server: ReturnType<typeof renderListing>['server']) =>
  waitFor(() => expect(server.subscriptions()).toContain('ListingChanged'));

describe("a product's own page", () => {
  it('shows the picture, every field, the seller and the price history with its drop', async () => {
    renderListing(() => aListing());
    const page = await screen.findByRole('article', { name: 'Galaxy S10' });
    expect(within(page).getByRole('heading', { level: 1, name: 'Galaxy S10' })).toBeVisible();
    expect(within(page).getByRole('img', { name: 'Galaxy S10' })).toHaveAttribute(
      'src',
      expect.stringContaining('/images/s10.png'),
    );
    expect(within(page).getByText('Available', { selector: '.badge' })).toBeInTheDocument();
    expect(page).toHaveTextContent('Like new, with box');
    expect(page).toHaveTextContent('BrandSamsung');
    expect(page).toHaveTextContent('ConditionGood');
    expect(page).toHaveTextContent('Years used2');
    expect(page).toHaveTextContent('Original price500$');
    expect(page).toHaveTextContent('Selling price300$');
    expect(page).toHaveTextContent('LocationDhaka');
    expect(within(page).getByRole('link', { name: '01700000000' })).toHaveAttribute(
      'href',
      'tel:01700000000',
    );
    expect(within(page).getByRole('link', { name: 'sam@example.com' })).toHaveAttribute(
      'href',
      'mailto:sam@example.com',
    );
    // The price now, with the one before it struck through.
    expect(page.querySelector('.listing__price')).toHaveTextContent('300$was 350$');

    const sellerPanel = within(page).getByRole('region', { name: 'Seller' });
    expect(sellerPanel).toHaveTextContent('Sam Seller');
    expect(sellerPanel).toHaveTextContent('Verified seller');
    expect(sellerPanel).toHaveTextContent('Member sinceFebruary 2023');
    expect(sellerPanel).toHaveTextContent('Listings4');
    expect(sellerPanel).toHaveTextContent('Completed sales2');

    const history = within(page).getByRole('region', { name: 'Price history' });
    const prices = within(history).getAllByRole('listitem');
    expect(prices.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^May 1, 2024.*350\$Listed$/),
      expect.stringMatching(/^May 3, 2024.*300\$Down 50\$$/),
    ]);

    expect(within(page).getByRole('button', { name: 'Book now' })).toBeEnabled();
    expect(within(page).getByRole('button', { name: 'Report' })).toBeEnabled();
  });

  it('offers neither Book now nor Report to the seller of the listing, but where to edit it', async () => {
    renderListing(() => aListing(), { user: seller });
    const page = await screen.findByRole('article', { name: 'Galaxy S10' });
    expect(within(page).getByRole('link', { name: 'Manage in My Products' })).toHaveAttribute(
      'href',
      '/dashboard/myProduct',
    );
    expect(within(page).queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it.each([
    ['booked', 'Booked', true],
    ['sold', 'Sold', false],
    ['withdrawn', 'Withdrawn', false],
    ['unavailable', 'Off sale', false],
  ] as const)('shows a %s listing as %s, without Book now', async (status, badge, reportable) => {
    renderListing(() => aListing({ status }));
    const page = await screen.findByRole('article', { name: 'Galaxy S10' });
    expect(within(page).getByText(badge, { selector: '.badge' })).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();
    expect(within(page).queryAllByRole('button', { name: 'Report' })).toHaveLength(
      reportable ? 1 : 0,
    );
  });

  it("says 'This product does not exist' for an unknown product, with a way on", async () => {
    renderListing(() => null);
    expect(
      await screen.findByRole('heading', { name: 'This product does not exist' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search phones' })).toHaveAttribute('href', '/search');
  });

  it('shows an edit live: the new price, its place in the history and a toast', async () => {
    let listing = aListing();
    const { server } = renderListing(() => listing);
    await screen.findByRole('article', { name: 'Galaxy S10' });
    await subscribed(server);

    listing = aListing({
      sellingPrice: 250,
      priceHistory: [...listing.priceHistory, { price: 250, at: '2024-05-05T12:00:00.000Z' }],
    });
    announce(server, 50);

    expect(
      await screen.findByText('Galaxy S10: the price is now 250$ (was 300$)'),
    ).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Price history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(3);
    expect(within(history).getAllByRole('listitem')[2]).toHaveTextContent(/250\$Down 50\$$/);
    expect(listingReads(server.graphqlRequests)).toEqual([
      { id: 'p1' },
      { id: 'p1', minPosition: 50 },
    ]);
  });

  it('shows a sale live: Sold, a toast, and Book now gone', async () => {
    let listing = aListing();
    const { server } = renderListing(() => listing);
    const page = await screen.findByRole('article', { name: 'Galaxy S10' });
    await subscribed(server);

    listing = aListing({ status: 'sold' });
    announce(server, 51);

    expect(await screen.findByText('Galaxy S10 has been sold')).toBeInTheDocument();
    expect(within(page).getByText('Sold', { selector: '.badge' })).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();
  });

  it('says so live when the listing goes off sale to this visitor (the server answers null)', async () => {
    let listing: Listing | null = aListing();
    const { server } = renderListing(() => listing);
    await screen.findByRole('article', { name: 'Galaxy S10' });
    await subscribed(server);

    listing = null;
    announce(server, 52);

    expect(
      await screen.findByRole('heading', { name: 'Galaxy S10 is no longer on sale' }),
    ).toBeInTheDocument();
    // The heading, and the toast for whoever did not see it happen.
    await waitFor(() =>
      expect(screen.getAllByText('Galaxy S10 is no longer on sale')).toHaveLength(2),
    );
    expect(screen.queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();
  });

  it('books from the listing page with the booking modal', async () => {
    const user = userEvent.setup();
    const { server } = renderListing(() => aListing(), {
      rest: (request) =>
        request.method === 'POST' && request.path === '/bookings'
          ? [200, { acknowledged: true, insertedId: 'b1', position: 60 }]
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Book now' }));
    const dialog = screen.getByRole('dialog', { name: 'Galaxy S10' });
    await user.type(within(dialog).getByLabelText('Phone'), '01800000000');
    await user.type(within(dialog).getByLabelText('Address'), 'Gulshan 1');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
    expect(server.restRequests.find((r) => r.path === '/bookings')?.body).toMatchObject({
      productId: 'p1',
      sellingPrice: 300,
      phone: '01800000000',
      address: 'Gulshan 1',
    });
    // The booking's answer moves the read on: the page reads the listing again at its position.
    await waitFor(() =>
      expect(listingReads(server.graphqlRequests)).toContainEqual({ id: 'p1', minPosition: 60 }),
    );
  });
});
