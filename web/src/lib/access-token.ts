import { ACCESS_TOKEN_KEY } from '@/config/constants.ts';

// The gateway's access token lives in localStorage under `accessToken` (spec section 3).
type Listener = () => void;
const changeListeners = new Set<Listener>();
const rejectionListeners = new Set<(token: string) => void>();

export function readAccessToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

function changed(): void {
  for (const listener of changeListeners) listener();
}

export function storeAccessToken(token: string): void {
  globalThis.localStorage?.setItem(ACCESS_TOKEN_KEY, token);
  changed();
}

export function clearAccessToken(): void {
  globalThis.localStorage?.removeItem(ACCESS_TOKEN_KEY);
  changed();
}

/** Token changes in this tab and in others (the `storage` event). */
export function subscribeAccessToken(listener: Listener): () => void {
  changeListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESS_TOKEN_KEY || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    changeListeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The gateway answered 401 to a call made with `token` (it expired: tokens live one hour). */
export function reportTokenRejected(token: string): void {
  for (const listener of rejectionListeners) listener(token);
}

export function onTokenRejected(listener: (token: string) => void): () => void {
  rejectionListeners.add(listener);
  return () => rejectionListeners.delete(listener);
}
