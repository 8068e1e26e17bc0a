import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buyer } from '@/testing/auth.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';
import { ACCOUNT_DELETED_MESSAGE } from './providers.tsx';

/** The caller's own account changes while their page is open (issue 31, point 9). */
describe("the session follows the caller's own account live", () => {
  const menu = () => screen.findByRole('navigation', { name: 'Dashboard' });
  const announce = (server: ReturnType<typeof renderApp>['server'], position: number) =>
    server.announce('MeChanged', {
      meChanged: { topic: 'users', position, ids: [buyer.uid] },
    });

  it('shows the admin entries once a promotion is announced, without a reload', async () => {
    let role: 'buyer' | 'admin' = 'buyer';
    const { server } = renderApp('/dashboard', {
      user: buyer,
      server: {
        graphql: { Me: () => ({ me: meAs(buyer, role) }), MyBookings: { myBookings: [] } },
      },
    });
    await within(await menu()).findByRole('link', { name: 'My Orders' });
    expect(within(await menu()).queryByRole('link', { name: 'Users' })).toBeNull();
    await waitFor(() => expect(server.subscriptions()).toContain('MeChanged'));

    role = 'admin';
    announce(server, 40);
    expect(await within(await menu()).findByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('signs a deleted account out, saying why', async () => {
    let deleted = false;
    const { server, sessionActor } = renderApp('/dashboard', {
      user: buyer,
      server: {
        graphql: {
          Me: () => {
            if (deleted)
              throw Object.assign(new Error('This account has been deleted'), {
                extensions: { code: 'FORBIDDEN' },
              });
            return { me: meAs(buyer, 'buyer') };
          },
          MyBookings: { myBookings: [] },
        },
      },
    });
    await within(await menu()).findByRole('link', { name: 'My Orders' });
    await waitFor(() => expect(server.subscriptions()).toContain('MeChanged'));

    deleted = true;
    announce(server, 41);
    expect(await screen.findByText(ACCOUNT_DELETED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(sessionActor.getSnapshot().matches('signedOut')).toBe(true));
  });
});
