import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '@/testing/auth.ts';
import { pendingOrder } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

describe('My orders', () => {
  it('shows a new booking the moment it is projected', async () => {
    let bookings: (typeof pendingOrder)[] = [];
    const { server } = renderApp('/myOrders', {
      user: buyer,
      server: {
        graphql: { Me: { me: meAs(buyer, 'buyer') }, MyBookings: () => ({ myBookings: bookings }) },
      },
    });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    await waitFor(() => expect(server.subscriptions()).toContain('MyBookingsChanged'));

    bookings = [pendingOrder];
    server.announce('MyBookingsChanged', {
      myBookingsChanged: { topic: 'myBookings', position: 15, ids: ['b1'] },
    });

    expect(await screen.findByRole('cell', { name: 'Galaxy S10' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '300$' })).toBeInTheDocument();
  });

  it("shows each booking's state live, with a toast when it changes, and Cancel while pending", async () => {
    let bookings: (Omit<typeof pendingOrder, 'status'> & { status: string })[] = [pendingOrder];
    const { server } = renderApp('/myOrders', {
      user: buyer,
      server: {
        graphql: { Me: { me: meAs(buyer, 'buyer') }, MyBookings: () => ({ myBookings: bookings }) },
      },
    });
    const row = (await screen.findByRole('cell', { name: 'Galaxy S10' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Waiting for the seller')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Galaxy S10' })).toHaveAttribute(
      'href',
      '/product/p1',
    );
    expect(
      within(row).getByRole('button', { name: 'Cancel the booking of Galaxy S10' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(server.subscriptions()).toContain('MyBookingsChanged'));

    bookings = [{ ...pendingOrder, status: 'accepted' }];
    server.announce('MyBookingsChanged', {
      myBookingsChanged: { topic: 'bookings', position: 20, ids: ['b1'] },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Galaxy S10: Accepted by the seller',
    );
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument(),
    );
  });

  it('cancels a pending booking through POST /bookings/{id}/cancel', async () => {
    const { server } = renderApp('/myOrders', {
      user: buyer,
      server: {
        graphql: { Me: { me: meAs(buyer, 'buyer') }, MyBookings: { myBookings: [pendingOrder] } },
        rest: (request) =>
          request.method === 'POST' && request.path === '/bookings/b1/cancel'
            ? [200, { acknowledged: true, modifiedCount: 1, position: 21 }]
            : undefined,
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel the booking of Galaxy S10' }),
    );
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(server.restRequests.map((r) => `${r.method} ${r.path}`)).toContain(
      'POST /bookings/b1/cancel',
    );
    expect(server.restRequests.at(-1)?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it("says plainly when the orders cannot be loaded, with the server's reason", async () => {
    renderApp('/myOrders', {
      user: buyer,
      server: {
        graphql: {
          Me: { me: meAs(buyer, 'buyer') },
          MyBookings: () => {
            throw new Error('Please log in again.');
          },
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your orders could not be loaded');
    expect(alert).toHaveTextContent('Please log in again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
