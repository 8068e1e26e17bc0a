import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormField, useFocusFirstInvalid } from '@/components/ui/form-field.tsx';
import { env } from '@/config/env.ts';
import { paths } from '@/config/paths.ts';
import { useAuthActor } from '../auth-context.ts';
import { GoogleAccountDialog } from './google-account-dialog.tsx';
import { GoogleButton } from './google-button.tsx';
import { validateLogin, type FieldErrors, type LoginValues } from './validation.ts';

/** E-mail and password login; `redirectTo` is where the user came from. */
export function LoginForm({
  redirectTo,
  authEmulator = env.authEmulatorUrl !== '',
}: {
  redirectTo: string;
  /** Against the Auth emulator, Google accounts are chosen in-app (see GoogleAccountDialog). */
  authEmulator?: boolean;
}) {
  const auth = useAuthActor();
  const providerError = useSelector(auth, (state) => state.context.error);
  const busy = useSelector(
    auth,
    (state) => state.matches('loggingIn') || state.matches('googleSignIn'),
  );
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const [choosingGoogleAccount, setChoosingGoogleAccount] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);

  // A message from an earlier visit does not belong to this form.
  useEffect(() => auth.send({ type: 'auth.clearError' }), [auth]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    auth.send({ type: 'auth.login', ...values, redirectTo });
  }

  return (
    <>
      <form
        ref={formRef}
        className="auth-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="login-title"
      >
        <h1 id="login-title">Login</h1>
        <FormField label="Email" error={errors.email}>
          <input
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
          />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <input
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => setValues({ ...values, password: event.target.value })}
          />
        </FormField>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
        {providerError && (
          <p className="auth-form__error" role="alert">
            {providerError}
          </p>
        )}
        <p className="auth-form__switch">
          New to Resale Market? <Link to={paths.signup.getHref()}>Create new account</Link>
        </p>
        <div className="auth-form__divider">
          <span>OR</span>
        </div>
        <GoogleButton
          disabled={busy}
          onClick={() =>
            authEmulator
              ? setChoosingGoogleAccount(true)
              : auth.send({ type: 'auth.google', redirectTo })
          }
        />
      </form>
      {choosingGoogleAccount && (
        <GoogleAccountDialog
          onClose={() => setChoosingGoogleAccount(false)}
          onSubmit={(account) => {
            setChoosingGoogleAccount(false);
            auth.send({ type: 'auth.google', redirectTo, account });
          }}
        />
      )}
    </>
  );
}
