import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '@/testing/auth.ts';
import { aProduct, samsung } from '@/testing/fixtures.ts';
import { heldAnswers } from '@/testing/held-answers.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';
import type { Product } from '../api/products.ts';

const phones = (count: number, name = 'Galaxy') =>
  Array.from({ length: count }, (_, index) =>
    aProduct({ _id: `p${index + 1}`, productName: `${name} ${index + 1}` }),
  );

/** A server answering every search with `found`, page by page by cursor. */
function renderSearch(path: string, initial: Product[]) {
  let found = initial;
  const view = renderApp(path, {
    user: buyer,
    server: {
      graphql: {
        Me: { me: meAs(buyer, 'buyer') },
        Category: { category: samsung },
        SearchProducts: ({ limit, after }: Record<string, unknown>) => {
          const start = after ? found.findIndex((p) => `cursor-${p._id}` === after) + 1 : 0;
          const items = found.slice(start, start + Number(limit));
          const more = start + items.length < found.length;
          return {
            searchProducts: { items, nextCursor: more ? `cursor-${items.at(-1)?._id}` : null },
          };
        },
      },
    },
  });
  return { ...view, refind: (products: Product[]) => (found = products) };
}

const searches = (requests: { operationName: string; variables: Record<string, unknown> }[]) =>
  requests.filter((r) => r.operationName === 'SearchProducts').map((r) => r.variables);
const shownNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('the search page', () => {
  it('searches what the URL says, and the navigation box searches anew', async () => {
    const { server, router } = renderSearch(
      '/search?q=galaxy&maxPrice=400&condition=Good&condition=Fair&available=true&sort=priceAsc&bogus=1',
      phones(2),
    );
    await screen.findByRole('article', { name: 'Galaxy 2' });
    expect(searches(server.graphqlRequests)[0]).toEqual({
      search: {
        q: 'galaxy',
        maxPrice: 400,
        conditions: ['Good', 'Fair'],
        availableOnly: true,
        sort: 'priceAsc',
      },
      limit: 6,
    });
    // The filters show the URL's values.
    expect(screen.getByLabelText('Keywords')).toHaveValue('galaxy');
    expect(screen.getByLabelText('Max price')).toHaveValue(400);
    expect(screen.getByLabelText('Sort by')).toHaveValue('priceAsc');
    expect(screen.getByRole('checkbox', { name: 'Fair' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Excelent' })).not.toBeChecked();

    const box = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.clear(box);
    await userEvent.type(box, 'oppo reno{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=oppo+reno'));
    await waitFor(() =>
      expect(searches(server.graphqlRequests).at(-1)).toEqual({
        search: { q: 'oppo reno' },
        limit: 6,
      }),
    );
  });

  it('puts the filters in the URL; boxes and the order apply at once', async () => {
    const { server, router } = renderSearch('/search?q=galaxy', phones(2));
    await screen.findByRole('article', { name: 'Galaxy 1' });
    await userEvent.type(screen.getByLabelText('Min price'), '100');
    await userEvent.type(screen.getByLabelText('Max years used'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=galaxy&minPrice=100&maxYears=2'),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Verified sellers only' }));
    await waitFor(() => expect(router.state.location.search).toContain('verified=true'));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    await waitFor(() => expect(router.state.location.search).toContain('sort=priceDesc'));
    await waitFor(() =>
      expect(searches(server.graphqlRequests).at(-1)).toEqual({
        search: { q: 'galaxy', minPrice: 100, maxYears: 2, verifiedOnly: true, sort: 'priceDesc' },
        limit: 6,
      }),
    );
  });

  it('refuses a min price above the max price, and sends nothing', async () => {
    const { server } = renderSearch('/search', phones(1));
    await screen.findByRole('article', { name: 'Galaxy 1' });
    const before = searches(server.graphqlRequests).length;
    await userEvent.type(screen.getByLabelText('Min price'), '500');
    await userEvent.type(screen.getByLabelText('Max price'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Min price must not be more than max price',
    );
    expect(searches(server.graphqlRequests)).toHaveLength(before);
  });

  it('says when nothing matches and clears the filters', async () => {
    const { router, refind } = renderSearch('/search?q=nokia&maxPrice=5', []);
    const message = await screen.findByText('No products match your search.');
    const empty = message.closest<HTMLElement>('[role="status"]');
    expect(empty).not.toBeNull();
    refind(phones(1));
    await userEvent.click(within(empty!).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByRole('article', { name: 'Galaxy 1' });
  });

  it('loads more with the cursor, and follows a change announced live', async () => {
    const { server, refind } = renderSearch('/search?q=galaxy', phones(7));
    await screen.findByRole('article', { name: 'Galaxy 6' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Galaxy 7' });
    expect(searches(server.graphqlRequests).at(-1)).toEqual({
      search: { q: 'galaxy' },
      limit: 6,
      after: 'cursor-p6',
    });
    await waitFor(() => expect(server.subscriptions()).toContain('ProductSearchChanged'));
    refind([aProduct({ _id: 'p0', productName: 'Galaxy 0' }), ...phones(7)]);
    server.announce('ProductSearchChanged', {
      productSearchChanged: { topic: 'products', position: 40, ids: ['p0'] },
    });
    await screen.findByRole('article', { name: 'Galaxy 0' });
    expect(shownNames()).toHaveLength(8);
  });

  it('starts a new search from its first page, however many pages the last one loaded', async () => {
    const { server } = renderSearch('/search?q=galaxy', phones(13));
    await screen.findByRole('article', { name: 'Galaxy 6' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Galaxy 12' });
    await userEvent.type(screen.getByLabelText('Max price'), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(searches(server.graphqlRequests).at(-1)).toEqual({
        search: { q: 'galaxy', maxPrice: 900 },
        limit: 6,
      }),
    );
    await waitFor(() => expect(shownNames()).toHaveLength(6));
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
    expect(searches(server.graphqlRequests).at(-1)).not.toHaveProperty('after');
  });

  it('shows each read it finishes while changes keep coming faster than reads', async () => {
    const answers = heldAnswers();
    const { server } = renderApp('/search?q=galaxy', {
      user: buyer,
      server: {
        graphql: {
          Me: { me: meAs(buyer, 'buyer') },
          SearchProducts: ({ minPosition }: Record<string, unknown>) =>
            answers.hold({
              searchProducts: {
                items: phones(1, `Galaxy at ${String(minPosition ?? 0)}`),
                nextCursor: null,
              },
            }),
        },
      },
    });
    const announce = (position: number) =>
      act(async () =>
        server.announce('ProductSearchChanged', {
          productSearchChanged: { topic: 'products', position, ids: ['p9'] },
        }),
      );
    await waitFor(() => expect(server.subscriptions()).toContain('ProductSearchChanged'));
    // A change comes in before the first read is answered, and another before the next is.
    await announce(41);
    await answers.answerTheOneRead();
    await screen.findByRole('article', { name: 'Galaxy at 0 1' });
    await announce(42);
    await answers.answerTheOneRead();
    await screen.findByRole('article', { name: 'Galaxy at 41 1' });
    await answers.answerTheOneRead();
    await screen.findByRole('article', { name: 'Galaxy at 42 1' });
    expect(searches(server.graphqlRequests).map((search) => search['minPosition'])).toEqual([
      undefined,
      41,
      42,
    ]);
  });

  it('filters a category page within its brand', async () => {
    const { server } = renderSearch('/category/c1?maxYears=1', phones(1));
    await screen.findByRole('article', { name: 'Galaxy 1' });
    expect(searches(server.graphqlRequests)[0]).toEqual({
      search: { maxYears: 1, brand: 'Samsung' },
      limit: 6,
    });
  });
});
