import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '@/testing/auth.ts';
import { admin, aListing, seller } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

describe('routing', () => {
  it("shows 'No Data Found' for an unknown route, inside the usual layout", async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'No Data Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor from /dashboard to /login, and back after login', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard', {
      server: { graphql: { Me: { me: meAs(buyer, 'buyer') }, MyBookings: { myBookings: [] } } },
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });

  it('sends a signed-out visitor from a category page to /login', async () => {
    const { router } = renderApp('/category/c1');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      from: { pathname: '/category/c1', search: '' },
    });
  });

  it("brings a signed-out visitor following a product's link back to it after login", async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/product/p1?from=share', {
      server: {
        graphql: { Me: { me: meAs(buyer, 'buyer') }, Listing: { product: aListing() } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      from: { pathname: '/product/p1', search: '?from=share' },
    });

    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Galaxy S10' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/p1');
    expect(router.state.location.search).toBe('?from=share');
  });

  it.each(['/dashboard/allusers', '/dashboard/operations'])(
    'sends a buyer away from the admin page %s to /login, saying why',
    async (path) => {
      const { router } = renderApp(path, {
        user: buyer,
        server: { graphql: { Me: { me: meAs(buyer, 'buyer') } } },
      });
      expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(screen.getByRole('status')).toHaveTextContent('bob@example.com');
    },
  );

  it('sends a signed-in user the server does not know (deleted) away from seller pages', async () => {
    const { router } = renderApp('/dashboard/myProduct', {
      user: seller,
      server: { graphql: { Me: { me: null } } },
    });
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('guards /addProduct like /dashboard/addProduct: sellers only', async () => {
    const { router } = renderApp('/addProduct', {
      user: buyer,
      server: { graphql: { Me: { me: meAs(buyer, 'buyer') } } },
    });
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  describe('the dashboard side menu', () => {
    const menuLinks = async () => {
      const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
      return within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent);
    };

    it('shows only My Orders to a buyer', async () => {
      renderApp('/dashboard', {
        user: buyer,
        server: { graphql: { Me: { me: meAs(buyer, 'buyer') }, MyBookings: { myBookings: [] } } },
      });
      expect(await menuLinks()).toEqual(['My Orders']);
    });

    it('adds Users, Sellers, Reported Items, Audit and Operations for an admin', async () => {
      renderApp('/dashboard', {
        user: admin,
        server: { graphql: { Me: { me: meAs(admin, 'admin') }, MyBookings: { myBookings: [] } } },
      });
      await screen.findByRole('link', { name: 'Users' });
      expect(await menuLinks()).toEqual([
        'My Orders',
        'Users',
        'Sellers',
        'Reported Items',
        'Audit',
        'Operations',
      ]);
    });

    it('adds Add Product and My Product for a seller', async () => {
      renderApp('/dashboard', {
        user: seller,
        server: {
          graphql: {
            Me: { me: meAs(seller, 'seller') },
            MyBookings: { myBookings: [] },
            SellerBookings: { sellerBookings: [] },
          },
        },
      });
      await screen.findByRole('link', { name: 'Add Product' });
      expect(await menuLinks()).toEqual([
        'My Orders',
        'Add Product',
        'My Product',
        'Bookings on my listings',
      ]);
    });
  });
});
