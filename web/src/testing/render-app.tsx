import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProvider } from '@/app/providers.tsx';
import { routes } from '@/app/router.tsx';
import type { AuthUser } from '@/features/auth/machines/session-machine.ts';
import type { Role } from '@/lib/session.tsx';
import { buyer, fakeSessionActor } from './auth.ts';
import { fakeServer, type FakeServer } from './fake-server.ts';
import { aProduct, samsung } from './fixtures.ts';

/** `me` as the gateway would answer it for a user of that role. */
export function meAs(user: AuthUser, role: Role) {
  return {
    uid: user.uid,
    email: user.email,
    name: user.displayName,
    role,
    isAdmin: role === 'admin',
    isSeller: role === 'seller',
  };
}

/**
 * The whole app (routes, guards, providers, real urql client) at `path`, with the network and
 * Firebase faked. The router's navigate is the sign-in machine's navigate, as in the real app.
 */
export function renderApp(
  path: string,
  options: {
    user?: AuthUser | null;
    /** Firebase reports the auth state only once this resolves (else at once). */
    authStateKnown?: Promise<void>;
    signInError?: string;
    server?: Partial<Pick<FakeServer, 'graphql' | 'rest'>>;
  } = {},
) {
  const { server, createClient } = fakeServer(options.server);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const navigate = vi.fn((to: string) => void router.navigate(to, { replace: true }));
  const sessionActor = fakeSessionActor({
    user: options.user ?? null,
    ...(options.authStateKnown ? { authStateKnown: options.authStateKnown } : {}),
    ...(options.signInError ? { signInError: options.signInError } : {}),
    navigate,
  });
  const view = render(
    <AppProvider sessionActor={sessionActor} createClient={createClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, server, sessionActor, navigate };
}

/** A buyer on the Samsung category listing `product`; `rest` answers what the page sends. */
export function renderCategoryAsBuyer(rest: FakeServer['rest'], product = aProduct()) {
  return renderApp('/category/c1', {
    user: buyer,
    server: {
      graphql: {
        Me: { me: meAs(buyer, 'buyer') },
        Category: { category: samsung },
        Products: { products: { items: [product], nextCursor: null } },
      },
      rest,
    },
  });
}
