import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seller } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

const product = {
  _id: 'p1',
  productName: 'Galaxy S10',
  picture: '/images/s10.png',
  Brand: 'Samsung',
  sellingPrice: 300,
  condition: 'Good',
  booked: false,
  advertised: false,
  available: true,
  reported: false,
};

describe("the seller's products", () => {
  it("'Available' withdraws an available product and 'Add To Advertise' advertises it", async () => {
    const { server } = renderApp('/dashboard/myProduct', {
      user: seller,
      server: {
        graphql: { Me: { me: meAs(seller, 'seller') }, MyProducts: { myProducts: [product] } },
        rest: (r) =>
          r.method === 'PUT' && r.path.startsWith('/myProducts/p1/')
            ? [200, { modifiedCount: 1, position: 3 }]
            : undefined,
      },
    });
    const row = (await screen.findByRole('cell', { name: /Galaxy S10/ })).closest('tr')!;
    const available = within(row).getByRole('button', { name: 'Available' });
    expect(available).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(available);
    expect(await screen.findByText('Galaxy S10 is no longer available')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Add To Advertise' }));
    expect(await screen.findByText('Galaxy S10 is advertised')).toBeInTheDocument();
    expect(server.restRequests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', '/myProducts/p1/availability', { available: false }],
      ['PUT', '/myProducts/p1/advertise', undefined],
    ]);
  });
});
