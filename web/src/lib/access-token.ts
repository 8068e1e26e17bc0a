import { ACCESS_TOKEN_KEY } from '@/config/constants.ts';

// The gateway's access token lives in localStorage under `accessToken` (spec section 3).
export function readAccessToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeAccessToken(token: string): void {
  globalThis.localStorage?.setItem(ACCESS_TOKEN_KEY, token);
}

export function clearAccessToken(): void {
  globalThis.localStorage?.removeItem(ACCESS_TOKEN_KEY);
}
