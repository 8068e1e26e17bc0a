import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Drawer = { open: boolean; toggle: () => void; close: () => void };

const DrawerContext = createContext<Drawer>({ open: false, toggle: () => {}, close: () => {} });

/** The dashboard's side drawer: toggled from the navigation bar on small screens. */
export function DrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((current) => !current), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ open, toggle, close }), [open, toggle, close]);
  return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>;
}

export function useDrawer(): Drawer {
  return useContext(DrawerContext);
}

export const DASHBOARD_DRAWER_ID = 'dashboard-drawer';
