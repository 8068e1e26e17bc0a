import type { ReactNode } from 'react';
import { FormError } from '@/components/ui/form-field.tsx';

/** The end of the login and sign-up forms: submit, the auth provider's message, the other form. */
export function AuthFormActions({
  label,
  busyLabel,
  busy,
  error,
  children,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  /** A line that links to the other form. */
  children: ReactNode;
}) {
  return (
    <>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <FormError message={error} />
      <p className="auth-form__switch">{children}</p>
    </>
  );
}
