import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seller } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

const booking = {
  _id: 'bk1',
  productId: 'p1',
  productName: 'Galaxy S21',
  Brand: 'Samsung',
  sellingPrice: 450,
  buyerName: 'Rafiq Islam',
  email: 'rafiq@example.com',
  phone: '0191',
  address: 'Bashundhara',
  status: 'pending',
  expiresAt: '2026-11-28T10:00:00.000Z',
  cancelReason: null as string | null,
};

describe('Bookings on my listings', () => {
  it('a new booking arrives live: a toast, the count in the navigation, Accept and Decline', async () => {
    let bookings: (typeof booking)[] = [];
    const { server } = renderApp('/dashboard/bookings', {
      user: seller,
      server: {
        graphql: {
          Me: { me: meAs(seller, 'seller') },
          SellerBookings: () => ({ sellerBookings: bookings }),
        },
      },
    });
    expect(await screen.findByText('Nobody has booked your products yet.')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Bookings on my listings: 0 waiting for your answer' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(server.subscriptions()).toContain('SellerBookingsChanged'));

    bookings = [booking];
    server.announce('SellerBookingsChanged', {
      sellerBookingsChanged: { topic: 'sellerBookings', position: 30, ids: ['bk1'] },
    });
    expect(await screen.findByText('Rafiq Islam booked your Galaxy S21')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', {
        name: 'Bookings on my listings: 1 waiting for your answer',
      }),
    ).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Galaxy S21/ });
    expect(within(row).getByText('Waiting for your answer')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Galaxy S21' })).toHaveAttribute(
      'href',
      '/product/p1',
    );
    expect(
      within(row).getByRole('button', { name: 'Accept the booking of Galaxy S21 by Rafiq Islam' }),
    ).toBeInTheDocument();
  });

  it('accepts through POST /bookings/{id}/accept, and shows a refusal as the server says it', async () => {
    const { server } = renderApp('/dashboard/bookings', {
      user: seller,
      server: {
        graphql: {
          Me: { me: meAs(seller, 'seller') },
          SellerBookings: { sellerBookings: [booking] },
        },
        rest: (request) =>
          request.path === '/bookings/bk1/accept'
            ? [200, { acknowledged: true, modifiedCount: 1, position: 31 }]
            : request.path === '/bookings/bk1/decline'
              ? [
                  409,
                  {
                    statusCode: 409,
                    error: 'Conflict',
                    message: 'The buyer cancelled this booking',
                  },
                ]
              : undefined,
      },
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Accept the booking of Galaxy S21 by Rafiq Islam',
      }),
    );
    expect(await screen.findByText('Booking accepted: the phone is sold')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Decline the booking of Galaxy S21 by Rafiq Islam' }),
    );
    expect(await screen.findByText('The buyer cancelled this booking')).toBeInTheDocument();
    expect(server.restRequests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /bookings/bk1/accept', 'POST /bookings/bk1/decline']),
    );
  });
});
