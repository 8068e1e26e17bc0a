import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, signedOutSession, type Session } from '@/lib/session.tsx';
import { DrawerProvider } from './drawer-context.tsx';
import { Navbar } from './navbar.tsx';

function renderNavbar(session: Session, path = '/') {
  render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[path]}>
        <DrawerProvider>
          <Navbar />
        </DrawerProvider>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

const signedIn = (signOut = vi.fn()): Session => ({
  status: 'signedIn',
  busy: false,
  user: { uid: 'u1', email: 'bob@example.com', displayName: 'Bob', photoURL: null },
  account: { role: 'buyer', isAdmin: false, isSeller: false, name: 'Bob' },
  accountStatus: 'ready',
  signOut,
});

describe('navigation bar', () => {
  it('shows Home, Blogs, My orders and Login to a signed-out visitor', () => {
    renderNavbar(signedOutSession);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('HomeBlogsMy ordersLogin');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('shows Dashboard and Sign out instead of Login when signed in', async () => {
    const signOut = vi.fn();
    renderNavbar(signedIn(signOut));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('shows neither Login nor Sign out while the auth state loads', () => {
    renderNavbar({ ...signedOutSession, status: 'loading' });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('opens the small-screen dropdown with the Menu button', async () => {
    renderNavbar(signedOutSession);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the dropdown on Escape and gives focus back to the Menu button', async () => {
    renderNavbar(signedOutSession);
    const menu = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('offers the dashboard drawer toggle on dashboard pages only', async () => {
    renderNavbar(signedIn(), '/dashboard');
    const toggle = screen.getByRole('button', { name: 'Dashboard menu' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('has no drawer toggle elsewhere', () => {
    renderNavbar(signedIn(), '/blogs');
    expect(screen.queryByRole('button', { name: 'Dashboard menu' })).not.toBeInTheDocument();
  });
});
