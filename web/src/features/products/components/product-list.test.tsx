import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '@/testing/auth.ts';
import { aProduct, samsung } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';
import type { Product } from '../api/products.ts';

const phones = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    aProduct({ _id: `p${index + 1}`, productName: `Phone ${index + 1}` }),
  );

/** A category page whose server pages `listed` (newest first) as the gateway does: by cursor. */
function renderCategory(initial: Product[]) {
  let listed = initial;
  const view = renderApp('/category/c1', {
    user: buyer,
    server: {
      graphql: {
        Me: { me: meAs(buyer, 'buyer') },
        Category: { category: samsung },
        Products: ({ limit, after }: Record<string, unknown>) => {
          const start = after ? listed.findIndex((p) => `cursor-${p._id}` === after) + 1 : 0;
          const items = listed.slice(start, start + Number(limit));
          const more = start + items.length < listed.length;
          return { products: { items, nextCursor: more ? `cursor-${items.at(-1)?._id}` : null } };
        },
      },
    },
  });
  return { ...view, relist: (products: Product[]) => (listed = products) };
}

const names = (products: Product[]) => products.map((product) => product.productName);
const shownNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('a category page, page by page', () => {
  it("reads the next page with the cursor on 'Load more' and appends it", async () => {
    const { server } = renderCategory(phones(7));
    await screen.findByRole('article', { name: 'Phone 6' });
    expect(shownNames()).toEqual(names(phones(6)));

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('article', { name: 'Phone 7' })).toBeInTheDocument();
    expect(shownNames()).toHaveLength(7);
    expect(server.graphqlRequests.filter((r) => r.operationName === 'Products')).toEqual([
      { operationName: 'Products', variables: { brand: 'Samsung', limit: 6 } },
      { operationName: 'Products', variables: { brand: 'Samsung', limit: 6, after: 'cursor-p6' } },
    ]);
    // The last page has no next cursor.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a new product and a product booked on a later page live, losing none in between', async () => {
    const { server, relist } = renderCategory(phones(7));
    await screen.findByRole('article', { name: 'Phone 6' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Phone 7' });
    await waitFor(() => expect(server.subscriptions()).toContain('ProductsChanged'));

    const [first, ...others] = phones(7);
    const fresh = aProduct({ _id: 'p0', productName: 'Phone 0' });
    relist([fresh, first!, ...others.slice(0, 5), { ...others[5]!, status: 'booked' }]);
    server.announce('ProductsChanged', {
      productsChanged: { topic: 'products:Samsung', position: 50, ids: ['p0', 'p7'] },
    });

    await screen.findByRole('article', { name: 'Phone 0' });
    // 'Phone 6' moved from the end of the first page to the start of the second.
    expect(shownNames()).toEqual(['Phone 0', ...names(phones(7))]);
    const booked = screen.getByRole('article', { name: 'Phone 7' });
    expect(within(booked).getByRole('button', { name: 'Booked' })).toBeDisabled();
    expect(server.graphqlRequests).toContainEqual({
      operationName: 'Products',
      variables: { brand: 'Samsung', limit: 6, after: 'cursor-p5', minPosition: 50 },
    });
  });

  it("leads from a card's name to the product's own page, which the picture links to too", async () => {
    const user = userEvent.setup();
    const { router } = renderCategory(phones(1));
    const card = await screen.findByRole('article', { name: 'Phone 1' });
    // The picture's link is for the mouse: keyboards and screen readers have the name's.
    const pictureLink = card.querySelector('a[aria-hidden="true"]');
    expect(pictureLink).toHaveAttribute('href', '/product/p1');
    expect(pictureLink).toHaveAttribute('tabindex', '-1');

    await user.click(within(card).getByRole('link', { name: 'Phone 1' }));
    // The product's page is a lazy route: the navigation ends once it is loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/p1'));
  });
});
