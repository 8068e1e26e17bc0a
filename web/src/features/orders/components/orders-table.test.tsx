import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buyer } from '@/testing/auth.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

const order = {
  _id: 'b1',
  Brand: 'Samsung',
  buyerName: 'Bob Buyer',
  email: 'bob@example.com',
  phone: '0180',
  address: 'Gulshan 1',
  sellingPrice: 300,
  productId: 'p1',
  productName: 'Galaxy S10',
};

describe('My orders', () => {
  it('shows a new booking the moment it is projected', async () => {
    let bookings: (typeof order)[] = [];
    const { server } = renderApp('/myOrders', {
      user: buyer,
      server: {
        graphql: { Me: { me: meAs(buyer, 'buyer') }, MyBookings: () => ({ myBookings: bookings }) },
      },
    });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    await waitFor(() => expect(server.subscriptions()).toContain('MyBookingsChanged'));

    bookings = [order];
    server.announce('MyBookingsChanged', {
      myBookingsChanged: { topic: 'myBookings', position: 15, ids: ['b1'] },
    });

    expect(await screen.findByRole('cell', { name: 'Galaxy S10' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '300$' })).toBeInTheDocument();
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
