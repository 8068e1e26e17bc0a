import { useEffect } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { DASHBOARD_DRAWER_ID, useDrawer } from '@/components/layouts/drawer-context.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/session.tsx';

/** The dashboard's side menu: 'My Orders' for everyone, more for admins and sellers. */
export function DashboardLayout() {
  const { account } = useSession();
  const drawer = useDrawer();
  const location = useLocation();
  const { close } = drawer;

  useEffect(() => close(), [location.pathname, close]);

  useEffect(() => {
    if (!drawer.open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawer.open, close]);

  const links = [
    { to: paths.dashboard.root.getHref(), label: 'My Orders', end: true },
    ...(account?.isAdmin
      ? [
          { to: paths.dashboard.allUsers.getHref(), label: 'Users', end: false },
          { to: paths.dashboard.sellers.getHref(), label: 'Sellers', end: false },
          { to: paths.dashboard.report.getHref(), label: 'Reported Items', end: false },
          { to: paths.dashboard.audit.getHref(), label: 'Audit', end: false },
          { to: paths.dashboard.operations.getHref(), label: 'Operations', end: false },
        ]
      : []),
    ...(account?.isSeller
      ? [
          { to: paths.dashboard.addProduct.getHref(), label: 'Add Product', end: false },
          { to: paths.dashboard.myProduct.getHref(), label: 'My Product', end: false },
          {
            to: paths.dashboard.sellerBookings.getHref(),
            label: 'Bookings on my listings',
            end: false,
          },
        ]
      : []),
  ];

  return (
    <div className={`dashboard${drawer.open ? ' dashboard--drawer-open' : ''}`}>
      <nav id={DASHBOARD_DRAWER_ID} className="dashboard__drawer" aria-label="Dashboard">
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {drawer.open && (
        <button
          type="button"
          className="dashboard__scrim"
          aria-label="Close dashboard menu"
          onClick={drawer.close}
        />
      )}
      <div className="dashboard__content">
        <Outlet />
      </div>
    </div>
  );
}
