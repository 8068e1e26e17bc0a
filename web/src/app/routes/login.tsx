import { useLocation } from 'react-router-dom';
import { LoginForm } from '@/features/auth/components/login-form.tsx';
import { useSession } from '@/lib/session.tsx';
import type { LoginRedirectState } from './guards.tsx';

export function Component() {
  const location = useLocation();
  const session = useSession();
  const state = (location.state ?? {}) as LoginRedirectState;
  const redirectTo = state.from ? `${state.from.pathname}${state.from.search ?? ''}` : '/';
  return (
    <div className="auth-page">
      {state.denied && session.user && (
        <p className="notice" role="status">
          You are signed in as {session.user.email}, which cannot open that page. Log in with
          another account.
        </p>
      )}
      <LoginForm redirectTo={redirectTo} />
    </div>
  );
}
