import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '@/components/ui/form-field.tsx';
import { env } from '@/config/env.ts';
import { paths } from '@/config/paths.ts';
import { useForm } from '@/lib/use-form.ts';
import { AuthFormActions } from './auth-form-actions.tsx';
import { GoogleAccountDialog } from './google-account-dialog.tsx';
import { GoogleButton } from './google-button.tsx';
import { useAuthForm } from './use-auth-form.ts';
import { validateLogin } from './validation.ts';

const LOGIN_FLOWS = ['loggingIn', 'googleSignIn'] as const;

/** E-mail and password login; `redirectTo` is where the user came from. */
export function LoginForm({
  redirectTo,
  authEmulator = env.authEmulatorUrl !== '',
}: {
  redirectTo: string;
  /** Against the Auth emulator, Google accounts are chosen in-app (see GoogleAccountDialog). */
  authEmulator?: boolean;
}) {
  const { request, busy, providerError } = useAuthForm(LOGIN_FLOWS);
  const form = useForm({ email: '', password: '' }, validateLogin);
  const [choosingGoogleAccount, setChoosingGoogleAccount] = useState(false);

  return (
    <>
      <form
        ref={form.formRef}
        className="auth-form"
        onSubmit={form.onSubmit((values) =>
          request({ type: 'signIn.login', ...values, redirectTo }),
        )}
        noValidate
        aria-labelledby="login-title"
      >
        <h1 id="login-title">Login</h1>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <AuthFormActions label="Login" busyLabel="Logging in…" busy={busy} error={providerError}>
          New to Resale Market? <Link to={paths.signup.getHref()}>Create new account</Link>
        </AuthFormActions>
        <div className="auth-form__divider">
          <span>OR</span>
        </div>
        <GoogleButton
          disabled={busy}
          onClick={() =>
            authEmulator
              ? setChoosingGoogleAccount(true)
              : request({ type: 'signIn.google', redirectTo })
          }
        />
      </form>
      {choosingGoogleAccount && (
        <GoogleAccountDialog
          onClose={() => setChoosingGoogleAccount(false)}
          onSubmit={(account) => {
            setChoosingGoogleAccount(false);
            request({ type: 'signIn.google', redirectTo, account });
          }}
        />
      )}
    </>
  );
}
