import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buyer } from '@/testing/auth.ts';
import { pendingOrder } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';
import {
  isReconnecting,
  socketClosed,
  socketConnected,
  subscriptionClosed,
  subscriptionOpened,
} from './connection.ts';

describe('live lists across a socket break', () => {
  it('a lazy close with no subscription open is not a break', () => {
    socketClosed();
    expect(isReconnecting()).toBe(false);
    subscriptionOpened();
    socketClosed();
    expect(isReconnecting()).toBe(true);
    socketConnected();
    expect(isReconnecting()).toBe(false);
    subscriptionClosed();
  });

  it('shows "Reconnecting…" while the socket is down and refetches when it returns', async () => {
    let bookings: (typeof pendingOrder)[] = [];
    const { server } = renderApp('/myOrders', {
      user: buyer,
      server: {
        graphql: { Me: { me: meAs(buyer, 'buyer') }, MyBookings: () => ({ myBookings: bookings }) },
      },
    });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    await waitFor(() => expect(server.subscriptions()).toContain('MyBookingsChanged'));

    act(() => socketClosed());
    expect(await screen.findByText(/Reconnecting…/)).toBeInTheDocument();

    // Booked while the socket was down: no notice reaches the page.
    bookings = [pendingOrder];
    const asked = server.graphqlRequests.filter((r) => r.operationName === 'MyBookings').length;
    act(() => socketConnected());

    expect(await screen.findByRole('cell', { name: 'Galaxy S10' })).toBeInTheDocument();
    expect(screen.queryByText(/Reconnecting…/)).not.toBeInTheDocument();
    expect(
      server.graphqlRequests.filter((r) => r.operationName === 'MyBookings').length,
    ).toBeGreaterThan(asked);
  });
});
