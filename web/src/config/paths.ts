// Every route of spec section 2 in one place; `getHref` builds links with parameters.
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  category: {
    path: '/category/:id',
    getHref: (id: string) => `/category/${encodeURIComponent(id)}`,
  },
  product: {
    path: '/product/:id',
    getHref: (id: string) => `/product/${encodeURIComponent(id)}`,
  },
  search: {
    path: '/search',
    getHref: (query = '') => (query ? `/search?${new URLSearchParams({ q: query })}` : '/search'),
  },
  blogs: { path: '/blogs', getHref: () => '/blogs' },
  myOrders: { path: '/myOrders', getHref: () => '/myOrders' },
  addProduct: { path: '/addProduct', getHref: () => '/addProduct' },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    allUsers: { path: '/dashboard/allusers', getHref: () => '/dashboard/allusers' },
    report: { path: '/dashboard/report', getHref: () => '/dashboard/report' },
    sellers: { path: '/dashboard/sellers', getHref: () => '/dashboard/sellers' },
    addProduct: { path: '/dashboard/addProduct', getHref: () => '/dashboard/addProduct' },
    myProduct: { path: '/dashboard/myProduct', getHref: () => '/dashboard/myProduct' },
    sellerBookings: { path: '/dashboard/bookings', getHref: () => '/dashboard/bookings' },
    /** The audit timeline; `query` is its URL parameters (stream, email or q, and filters). */
    audit: {
      path: '/dashboard/audit',
      getHref: (query = '') => (query ? `/dashboard/audit?${query}` : '/dashboard/audit'),
    },
    /** A listing as it was at a log position, beside today's. */
    auditAsOf: {
      path: '/dashboard/audit/listing/:productId/as-of/:position',
      getHref: (productId: string, position: number) =>
        `/dashboard/audit/listing/${encodeURIComponent(productId)}/as-of/${position}`,
    },
    /** Read-model lag, replays and queues. */
    operations: { path: '/dashboard/operations', getHref: () => '/dashboard/operations' },
  },
} as const;
