import { SignUpForm } from '@/features/auth/components/signup-form.tsx';

export function Component() {
  return (
    <div className="auth-page">
      <SignUpForm />
    </div>
  );
}
