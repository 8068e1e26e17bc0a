import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormField, useFocusFirstInvalid } from '@/components/ui/form-field.tsx';
import { ACCOUNT_TYPES } from '@/config/constants.ts';
import { paths } from '@/config/paths.ts';
import { useAuthActor } from '../auth-context.ts';
import type { AccountType } from '../machines/auth-machine.ts';
import { validateSignUp, type FieldErrors, type SignUpValues } from './validation.ts';

export function SignUpForm() {
  const auth = useAuthActor();
  const providerError = useSelector(auth, (state) => state.context.error);
  const busy = useSelector(auth, (state) => state.matches('signingUp'));
  const [values, setValues] = useState<SignUpValues>({
    name: '',
    email: '',
    password: '',
    role: '',
  });
  const [errors, setErrors] = useState<FieldErrors<SignUpValues>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);

  useEffect(() => auth.send({ type: 'auth.clearError' }), [auth]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    auth.send({
      type: 'auth.signUp',
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      role: values.role as AccountType,
    });
  }

  return (
    <form
      ref={formRef}
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="signup-title"
    >
      <h1 id="signup-title">Sign Up</h1>
      <FormField label="Name" error={errors.name}>
        <input
          type="text"
          autoComplete="name"
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
      </FormField>
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
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
        />
      </FormField>
      <FormField label="Account type" error={errors.role}>
        <select
          value={values.role}
          onChange={(event) => setValues({ ...values, role: event.target.value })}
        >
          <option value="">Choose buyer or seller</option>
          {ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </FormField>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Creating account…' : 'Sign Up'}
      </button>
      {providerError && (
        <p className="auth-form__error" role="alert">
          {providerError}
        </p>
      )}
      <p className="auth-form__switch">
        Already have an account? <Link to={paths.login.getHref()}>Please login</Link>
      </p>
    </form>
  );
}
