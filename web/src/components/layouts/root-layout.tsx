import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { useSession } from '@/lib/session.tsx';
import { ProgressBar } from '../ui/progress-bar.tsx';
import { ReconnectingBanner } from '../ui/reconnecting-banner.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { DrawerProvider } from './drawer-context.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

/** `navLinks`: the features' entries of the navigation bar's signed-in menu. */
export function RootLayout({ navLinks }: { navLinks?: ReactNode }) {
  const session = useSession();
  const navigation = useNavigation();
  return (
    <DrawerProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {(session.status === 'loading' || session.busy) && (
        <ProgressBar label="Loading your account" />
      )}
      <ReconnectingBanner />
      <Navbar links={navLinks} />
      <main id="main" className="main" tabIndex={-1}>
        {navigation.state === 'loading' ? <Spinner label="Loading page…" /> : <Outlet />}
      </main>
      <Footer />
      <ScrollRestoration />
    </DrawerProvider>
  );
}
