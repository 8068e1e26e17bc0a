import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

const subject = {
  kind: 'listing',
  id: 'p1',
  label: 'Galaxy S22',
  streams: ['product-p1'],
};

const entry = (position: number, type: string, description: string) => ({
  position,
  streamId: 'product-p1',
  recordedAt: '2026-11-26T08:00:00.000Z',
  type,
  description,
  actor: { uid: 's1', email: 'sam@example.com', name: 'Sam', role: 'seller' },
  correlationId: `request-${position}`,
  links: {
    productIds: ['p1'],
    userIds: ['s1'],
    bookingIds: type === 'ProductBooked' ? ['k1'] : [],
  },
});

const page = (entries: ReturnType<typeof entry>[], nextCursor: number | null) => ({
  subject,
  matches: [subject],
  entries,
  nextCursor,
  matching: 3,
  eventTypes: ['ProductBooked', 'ProductListed', 'ProductPriceChanged'],
  actors: [{ uid: 's1', email: 'sam@example.com' }],
});

/** Two events on the first page, one on the next; a price change once position 10 is asked for. */
const timeline = (variables: Record<string, unknown>) => {
  if (variables['after'] === 2) {
    const later = [entry(3, 'ProductPriceChanged', 'price changed to $399')];
    if (Number(variables['minPosition'] ?? 0) >= 10)
      later.push(entry(10, 'ProductPriceChanged', 'price changed to $350'));
    return { auditTimeline: page(later, null) };
  }
  const types = variables['types'] as string[] | null;
  if (types?.includes('ProductBooked'))
    return { auditTimeline: page([entry(2, 'ProductBooked', 'booked by "Bob"')], null) };
  return {
    auditTimeline: page(
      [
        entry(1, 'ProductListed', '"Galaxy S22" (Samsung, Good) listed at $455'),
        entry(2, 'ProductBooked', 'booked by "Bob"'),
      ],
      2,
    ),
  };
};

const renderTimeline = (path = '/dashboard/audit?stream=product-p1') =>
  renderApp(path, {
    user: admin,
    server: { graphql: { Me: { me: meAs(admin, 'admin') }, AuditTimeline: timeline } },
  });

const entries = () =>
  within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');

describe('the audit timeline page', () => {
  it('shows each event in words with its actor and request, pages on, and follows live', async () => {
    const { server } = renderTimeline();
    expect(await screen.findByText('"Galaxy S22" (Samsung, Good) listed at $455')).toBeVisible();
    expect(await screen.findByRole('heading', { name: /Galaxy S22/ })).toBeVisible();
    expect(screen.getByText('request request-1')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Sam' })[0]).toHaveAttribute(
      'href',
      '/dashboard/audit?q=s1',
    );
    // The booking leads to the listing as it was then.
    const booked = entries().find((item) => item.textContent?.includes('booked by'))!;
    expect(within(booked).getByRole('link', { name: 'As it was then' })).toHaveAttribute(
      'href',
      '/dashboard/audit/listing/p1/as-of/2',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('price changed to $399')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    expect(server.subscriptions()).toContain('AuditTimelineChanged');
    server.announce('AuditTimelineChanged', {
      auditTimelineChanged: { topic: 'audit', position: 10, ids: ['product-p1'] },
    });
    expect(await screen.findByText('price changed to $350')).toBeVisible();
    // Only the last page is asked again; the first stays as it was.
    const firstPageAsks = server.graphqlRequests.filter(
      (request) => request.operationName === 'AuditTimeline' && request.variables['after'] == null,
    );
    expect(firstPageAsks).toHaveLength(1);
  });

  it('filters by kind of event, in the URL', async () => {
    const { router } = renderTimeline();
    await screen.findByText('booked by "Bob"');
    await userEvent.selectOptions(await screen.findByLabelText('Kind of event'), 'ProductBooked');
    expect(router.state.location.search).toBe('?stream=product-p1&type=ProductBooked');
    await screen.findByRole('option', { name: 'Product booked', selected: true });
    expect(await screen.findByText('booked by "Bob"')).toBeVisible();
    expect(screen.queryByText('"Galaxy S22" (Samsung, Good) listed at $455')).toBeNull();
  });

  it('offers a choice when the search names several things', async () => {
    renderApp('/dashboard/audit?q=sam', {
      user: admin,
      server: {
        graphql: {
          Me: { me: meAs(admin, 'admin') },
          AuditTimeline: {
            auditTimeline: {
              ...page([], null),
              subject: null,
              matches: [
                subject,
                {
                  kind: 'user',
                  id: 's1',
                  label: 'Sam <sam@example.com>',
                  streams: ['user-s1', 'seller-s1'],
                },
              ],
            },
          },
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Galaxy S22' })).toHaveAttribute(
      'href',
      '/dashboard/audit?stream=product-p1',
    );
    expect(screen.getByRole('link', { name: 'Sam <sam@example.com>' })).toHaveAttribute(
      'href',
      '/dashboard/audit?q=s1',
    );
  });

  it('searches by what the admin types', async () => {
    const { router } = renderTimeline('/dashboard/audit');
    await userEvent.type(
      await screen.findByLabelText('E-mail, listing name or id'),
      'sam@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show timeline' }));
    expect(router.state.location.search).toBe('?q=sam%40example.com');
  });
});

describe('the listing as it was then', () => {
  const listing = {
    productName: 'Galaxy S22',
    picture: 'http://127.0.0.1:5000/images/a.webp',
    sellingPrice: 455,
    condition: 'Good',
    about: 'Boxed',
    status: 'booked',
    reported: false,
    sellerName: 'Sam',
    sellerVerified: false,
  };

  it('shows then and today side by side, marking what differs', async () => {
    renderApp('/dashboard/audit/listing/p1/as-of/2', {
      user: admin,
      server: {
        graphql: {
          Me: { me: meAs(admin, 'admin') },
          ListingAsOf: {
            listingAsOf: {
              productId: 'p1',
              position: 2,
              asOf: '2026-11-26T08:00:00.000Z',
              then: listing,
              now: { ...listing, sellingPrice: 399, status: 'available', sellerVerified: true },
            },
          },
        },
      },
    });
    const then = await screen.findByRole('article', { name: 'Then' });
    const today = screen.getByRole('article', { name: 'Today' });
    expect(within(then).getByText('455$')).toBeVisible();
    expect(within(today).getByText('399$')).toBeVisible();
    expect(within(then).getByText('Sam (not verified)')).toBeVisible();
    expect(within(today).getByText('Sam (verified)')).toBeVisible();
    expect(within(then).getByText('event #2', { exact: false })).toBeVisible();
    expect(within(then).getAllByText('differs')).toHaveLength(3);
  });
});
