import { Link } from 'react-router-dom';
import { SelectField, TextField } from '@/components/ui/form-field.tsx';
import { ACCOUNT_TYPES } from '@/config/constants.ts';
import { paths } from '@/config/paths.ts';
import { useForm } from '@/lib/use-form.ts';
import type { AccountType } from '../machines/sign-in-machine.ts';
import { AuthFormActions } from './auth-form-actions.tsx';
import { useAuthForm } from './use-auth-form.ts';
import { validateSignUp } from './validation.ts';

const SIGN_UP_FLOWS = ['signingUp'] as const;

export function SignUpForm() {
  const { request, busy, providerError } = useAuthForm(SIGN_UP_FLOWS);
  const form = useForm({ name: '', email: '', password: '', role: '' }, validateSignUp);

  return (
    <form
      ref={form.formRef}
      className="auth-form"
      onSubmit={form.onSubmit((values) =>
        request({
          type: 'signIn.signUp',
          name: values.name.trim(),
          email: values.email.trim(),
          password: values.password,
          role: values.role as AccountType,
        }),
      )}
      noValidate
      aria-labelledby="signup-title"
    >
      <h1 id="signup-title">Sign Up</h1>
      <TextField label="Name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <SelectField
        label="Account type"
        placeholder="Choose buyer or seller"
        options={ACCOUNT_TYPES}
        {...form.field('role')}
      />
      <AuthFormActions
        label="Sign Up"
        busyLabel="Creating account…"
        busy={busy}
        error={providerError}
      >
        Already have an account? <Link to={paths.login.getHref()}>Please login</Link>
      </AuthFormActions>
    </form>
  );
}
