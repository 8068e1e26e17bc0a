import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from '@/components/layouts/root-layout.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { PendingBookingsCount } from '@/features/seller-bookings/components/pending-bookings-count.tsx';
import { RequireAuth } from './routes/guards.tsx';
import { NotFound } from './routes/not-found.tsx';

// Every page is its own chunk (route-level code splitting); layouts and guards are small and eager.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout navLinks={<PendingBookingsCount />} />,
    errorElement: <NotFound />,
    hydrateFallbackElement: <Spinner label="Loading page…" />,
    children: [
      {
        // Errors below keep the navigation bar and footer around the 'No Data Found' page.
        errorElement: <NotFound />,
        children: [
          { index: true, lazy: () => import('./routes/home.tsx') },
          { path: 'login', lazy: () => import('./routes/login.tsx') },
          { path: 'signup', lazy: () => import('./routes/signup.tsx') },
          { path: 'blogs', lazy: () => import('./routes/blogs.tsx') },
          {
            element: <RequireAuth />,
            children: [
              { path: 'category/:id', lazy: () => import('./routes/category.tsx') },
              { path: 'product/:id', lazy: () => import('./routes/product.tsx') },
              { path: 'search', lazy: () => import('./routes/search.tsx') },
              { path: 'myOrders', lazy: () => import('./routes/my-orders.tsx') },
              {
                path: 'dashboard',
                lazy: () => import('./routes/dashboard/layout.tsx'),
                children: [
                  { index: true, lazy: () => import('./routes/my-orders.tsx') },
                  {
                    element: <RequireAuth role="admin" />,
                    children: [
                      { path: 'allusers', lazy: () => import('./routes/dashboard/users.tsx') },
                      { path: 'sellers', lazy: () => import('./routes/dashboard/sellers.tsx') },
                      {
                        path: 'report',
                        lazy: () => import('./routes/dashboard/reported-items.tsx'),
                      },
                      { path: 'audit', lazy: () => import('./routes/dashboard/audit.tsx') },
                      {
                        path: 'audit/listing/:productId/as-of/:position',
                        lazy: () => import('./routes/dashboard/audit-as-of.tsx'),
                      },
                      {
                        path: 'operations',
                        lazy: () => import('./routes/dashboard/operations.tsx'),
                      },
                    ],
                  },
                  {
                    element: <RequireAuth role="seller" />,
                    children: [
                      { path: 'addProduct', lazy: () => import('./routes/add-product.tsx') },
                      { path: 'myProduct', lazy: () => import('./routes/my-products.tsx') },
                      {
                        path: 'bookings',
                        lazy: () => import('./routes/dashboard/seller-bookings.tsx'),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            element: <RequireAuth role="seller" />,
            children: [{ path: 'addProduct', lazy: () => import('./routes/add-product.tsx') }],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
