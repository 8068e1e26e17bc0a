import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/testing/deferred.ts';
import { renderApp } from '@/testing/render-app.tsx';

describe('login form', () => {
  it('says which required field is missing, under the field', async () => {
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email Address is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it("shows the auth provider's message under the form when login fails", async () => {
    const user = userEvent.setup();
    renderApp('/login', { signInError: 'Firebase: Error (auth/wrong-password).' });
    await user.type(await screen.findByLabelText('Email'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Firebase: Error (auth/wrong-password).',
    );
  });

  it('offers Google sign-in and a link to sign-up', async () => {
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create new account' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it("signs in with a Google account chosen in the emulator's account chooser", async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/login', {
      server: { graphql: { Categories: { categories: [] } } },
    });
    await user.click(await screen.findByRole('button', { name: 'CONTINUE WITH GOOGLE' }));
    const chooser = screen.getByRole('dialog', { name: 'Sign in with Google (Auth emulator)' });
    await user.type(within(chooser).getByLabelText('Google email'), 'gina@example.com');
    await user.click(within(chooser).getByRole('button', { name: 'Sign in with Google.com' }));
    await screen.findByRole('heading', { name: 'What Can I Fix For You Today' });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Email Address is required')).not.toBeInTheDocument();
  });

  it('goes to / after a login that did not come from a guarded page', async () => {
    const user = userEvent.setup();
    const { router, navigate } = renderApp('/login', {
      server: { graphql: { Categories: { categories: [] } } },
    });
    await user.type(await screen.findByLabelText('Email'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'What Can I Fix For You Today' });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(router.state.location.pathname).toBe('/');
  });
});

/** Fills the sign-up form as Sam and sends it. */
async function signUpAsSam(user: UserEvent, role: 'buyer' | 'seller'): Promise<void> {
  await user.type(await screen.findByLabelText('Name'), 'Sam');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.selectOptions(screen.getByLabelText('Account type'), role);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('sign-up form', () => {
  it('says which required field is missing, under the field', async () => {
    renderApp('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email Address is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Account type')).toHaveAccessibleDescription(
      'select account type',
    );
  });

  it('offers the buyer and seller account types and a link to login', async () => {
    renderApp('/signup');
    const select = await screen.findByLabelText('Account type');
    const options = Array.from((select as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(['', 'buyer', 'seller']);
    expect(screen.getByRole('link', { name: 'Please login' })).toHaveAttribute('href', '/login');
  });

  it('creates the account and lands on the home page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/signup', {
      server: { graphql: { Categories: { categories: [] } } },
    });
    await signUpAsSam(user, 'seller');
    await screen.findByRole('heading', { name: 'What Can I Fix For You Today' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps a sign-up sent before Firebase has read its saved session, and runs it after', async () => {
    const user = userEvent.setup();
    const firebaseReady = deferred<void>();
    const { router } = renderApp('/signup', {
      authStateKnown: firebaseReady.promise,
      server: { graphql: { Categories: { categories: [] } } },
    });
    await signUpAsSam(user, 'buyer');
    expect(screen.getByRole('button', { name: 'Creating account…' })).toBeDisabled();
    firebaseReady.resolve();
    await screen.findByRole('heading', { name: 'What Can I Fix For You Today' });
    expect(router.state.location.pathname).toBe('/');
  });
});
