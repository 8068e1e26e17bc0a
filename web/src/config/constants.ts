// Business constants of spec section 9.
export const TOAST_DURATION = { success: 2000, error: 4000, default: 4000 } as const;
export const TOAST_LIMIT = 20;
export const ACCESS_TOKEN_KEY = 'accessToken';
export const QUERY_RETRY = { attempts: 3, initialDelayMs: 1000, maxDelayMs: 30_000 } as const;
/** Products shown per 'Load more' step on a category page. */
export const PRODUCTS_PAGE_SIZE = 6;
export const CATEGORY_OPTIONS = ['Samsung', 'Oppo', 'Iphone'] as const;
export const CONDITION_OPTIONS = ['Good', 'Excelent', 'Fair'] as const;
export const ACCOUNT_TYPES = ['buyer', 'seller'] as const;
