import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/session.tsx';
import { DrawerIcon, MenuIcon } from '../ui/icons.tsx';
import { DASHBOARD_DRAWER_ID, useDrawer } from './drawer-context.tsx';

/**
 * `links`: more entries of the signed-in menu, from the app's features (the seller's bookings);
 * each renders nothing for whom it is not.
 */
export function Navbar({ links }: { links?: ReactNode }) {
  const session = useSession();
  const drawer = useDrawer();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const onDashboard = location.pathname.startsWith(paths.dashboard.root.path);

  // A followed link closes the small-screen dropdown.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Escape closes it too, and gives focus back to its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuToggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const navigate = useNavigate();
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new FormData(event.currentTarget).get('q');
    navigate(paths.search.getHref(typeof query === 'string' ? query.trim() : ''));
  };

  const signedIn = session.status === 'signedIn';
  return (
    <header className="navbar">
      <div className="navbar__inner">
        {onDashboard && (
          <button
            type="button"
            className="navbar__icon-button navbar__drawer-toggle"
            aria-label="Dashboard menu"
            aria-expanded={drawer.open}
            aria-controls={DASHBOARD_DRAWER_ID}
            onClick={drawer.toggle}
          >
            <DrawerIcon />
          </button>
        )}
        <Link to={paths.home.getHref()} className="navbar__brand">
          Resale<span>Market</span>
        </Link>
        {/* Keyed by the page: a search box shows what the URL searches for. */}
        <form
          key={location.search}
          role="search"
          className="navbar__search"
          aria-label="Site search"
          onSubmit={onSearch}
        >
          <input
            type="search"
            name="q"
            aria-label="Search"
            placeholder="Search phones"
            maxLength={200}
            defaultValue={
              location.pathname === paths.search.path
                ? (new URLSearchParams(location.search).get('q') ?? '')
                : ''
            }
          />
          <button type="submit" className="navbar__search-button">
            Search
          </button>
        </form>
        <button
          ref={menuToggle}
          type="button"
          className="navbar__icon-button navbar__menu-toggle"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
        </button>
        <nav aria-label="Main" className="navbar__nav">
          <ul id="main-menu" className={`navbar__menu${menuOpen ? ' navbar__menu--open' : ''}`}>
            <li>
              <NavLink to={paths.home.getHref()} end>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.blogs.getHref()}>Blogs</NavLink>
            </li>
            <li>
              <NavLink to={paths.myOrders.getHref()}>My orders</NavLink>
            </li>
            {signedIn && (
              <li>
                <NavLink to={paths.dashboard.root.getHref()}>Dashboard</NavLink>
              </li>
            )}
            {signedIn && links}
            {signedIn && (
              <li>
                <button type="button" className="navbar__signout" onClick={session.signOut}>
                  Sign out
                </button>
              </li>
            )}
            {session.status === 'signedOut' && (
              <li>
                <NavLink to={paths.login.getHref()}>Login</NavLink>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
