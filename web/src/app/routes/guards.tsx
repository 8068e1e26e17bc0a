import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ErrorMessage } from '@/components/ui/error-message.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/session.tsx';

export type LoginRedirectState = { from?: { pathname: string; search?: string }; denied?: boolean };

/**
 * Convenience guard (the server checks every call anyway): unauthenticated or unauthorised
 * visitors go to /login, which brings them back here after a successful login.
 */
export function RequireAuth({ role }: { role?: 'admin' | 'seller' }) {
  const session = useSession();
  const location = useLocation();
  const from = { pathname: location.pathname, search: location.search };

  if (session.status === 'loading') return <Spinner label="Checking your account…" />;
  if (session.status === 'signedOut') {
    return (
      <Navigate to={paths.login.getHref()} replace state={{ from } satisfies LoginRedirectState} />
    );
  }
  if (!role) return <Outlet />;

  if (session.accountStatus === 'error') {
    return (
      <ErrorMessage
        title="Your account could not be checked"
        message="The server did not answer. Try again in a moment."
        onRetry={() => window.location.reload()}
      />
    );
  }
  if (!session.account && session.accountStatus !== 'ready') {
    return <Spinner label="Checking your account…" />;
  }
  // No account on the server (e.g. deleted by an admin) is not allowed anywhere role-guarded.
  const allowed =
    role === 'admin' ? session.account?.isAdmin === true : session.account?.isSeller === true;
  if (!allowed) {
    return (
      <Navigate
        to={paths.login.getHref()}
        replace
        state={{ from, denied: true } satisfies LoginRedirectState}
      />
    );
  }
  return <Outlet />;
}
