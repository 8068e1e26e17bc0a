import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('users page', () => {
  const users = [
    { _id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' },
    { _id: 'u2', name: 'Bob Buyer', email: 'bob@example.com', role: 'buyer' },
  ];
  const renderUsers = () =>
    renderApp('/dashboard/allusers', {
      user: admin,
      server: {
        graphql: { Me: { me: meAs(admin, 'admin') }, Users: { users } },
        rest: (r) =>
          r.method === 'PUT' && r.path === '/users/admin/u2'
            ? [200, { modifiedCount: 1, position: 5 }]
            : r.method === 'DELETE' && r.path === '/users/u2'
              ? [200, { deletedCount: 1, position: 6 }]
              : undefined,
      },
    });

  it("hides 'Make Admin' for admins and promotes others", async () => {
    const { server } = renderUsers();
    expect(
      within(await rowOf('Ada Admin')).queryByRole('button', { name: 'Make Admin' }),
    ).toBeNull();
    await userEvent.click(
      within(await rowOf('Bob Buyer')).getByRole('button', { name: 'Make Admin' }),
    );
    expect(await screen.findByText('Make admin successfully')).toBeInTheDocument();
    expect(server.restRequests[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it("deletes a user after confirmation with 'user deleted successfully'", async () => {
    renderUsers();
    await userEvent.click(within(await rowOf('Bob Buyer')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('user deleted successfully')).toBeInTheDocument();
  });
});

describe('sellers page', () => {
  const sellers = [
    {
      _id: 's1',
      name: 'Sam',
      email: 'sam@example.com',
      sellerEmail: 'sam@example.com',
      verified: true,
    },
    {
      _id: 's2',
      name: 'Sue',
      email: 'sue@example.com',
      sellerEmail: 'sue@example.com',
      verified: false,
    },
  ];
  const renderSellers = () =>
    renderApp('/dashboard/sellers', {
      user: admin,
      server: {
        graphql: { Me: { me: meAs(admin, 'admin') }, Sellers: { sellers } },
        rest: (r) =>
          r.method === 'PUT' && r.path === '/users/sellers/sue%40example.com'
            ? [200, { modifiedCount: 1, position: 8 }]
            : r.method === 'DELETE' && r.path === '/sellers/s2'
              ? [200, { deletedCount: 1, position: 9 }]
              : undefined,
      },
    });

  it("shows the verified badge and offers 'Verify seller' to the others", async () => {
    const { server } = renderSellers();
    const sam = await rowOf('Sam');
    expect(within(sam).getByText('Verified')).toBeInTheDocument();
    expect(within(sam).queryByRole('button', { name: 'Verify seller' })).toBeNull();
    await userEvent.click(
      within(await rowOf('Sue')).getByRole('button', { name: 'Verify seller' }),
    );
    expect(await screen.findByText('Seller verified')).toBeInTheDocument();
    expect(server.restRequests[0]?.path).toBe('/users/sellers/sue%40example.com');
  });

  it("deletes a seller after confirmation with 'seller deleted successfully'", async () => {
    renderSellers();
    await userEvent.click(within(await rowOf('Sue')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('seller deleted successfully')).toBeInTheDocument();
  });
});
