import type { FieldErrors } from '@/lib/use-form.ts';

// Required-field rules of spec section 5: each message appears under its field.
export type LoginValues = { email: string; password: string };
export type SignUpValues = { name: string; email: string; password: string; role: string };

const blank = (value: string) => value.trim() === '';

export function validateLogin(values: LoginValues): FieldErrors<LoginValues> {
  const errors: FieldErrors<LoginValues> = {};
  if (blank(values.email)) errors.email = 'Email Address is required';
  if (values.password === '') errors.password = 'Password is required';
  return errors;
}

export function validateSignUp(values: SignUpValues): FieldErrors<SignUpValues> {
  const errors: FieldErrors<SignUpValues> = {};
  if (blank(values.name)) errors.name = 'name is required';
  if (blank(values.email)) errors.email = 'Email Address is required';
  if (values.password === '') errors.password = 'Password is required';
  if (values.role !== 'buyer' && values.role !== 'seller') errors.role = 'select account type';
  return errors;
}
