// Build-time configuration (Vite inlines import.meta.env). Defaults fit the embedded profile.
const viteEnv = import.meta.env;

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The API's base URL. Empty (or '/'): the page's own origin, for the web client the gateway
 * serves itself (docker-compose.yml): whatever address browsers reach it at.
 */
export function apiBaseUrl(configured: string, pageOrigin?: string): string {
  const url = trimSlash(configured);
  return url === '' ? (pageOrigin ?? '') : url;
}

export const env = {
  apiUrl: apiBaseUrl(viteEnv.VITE_API_URL ?? 'http://127.0.0.1:5000', globalThis.location?.origin),
  /** Empty string: talk to the real Firebase project instead of the emulator. */
  authEmulatorUrl: viteEnv.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099',
  firebase: {
    projectId: viteEnv.VITE_FIREBASE_PROJECT_ID ?? 'demo-resale',
    apiKey: viteEnv.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
    authDomain: viteEnv.VITE_FIREBASE_AUTH_DOMAIN ?? 'demo-resale.firebaseapp.com',
  },
} as const;

/** The GraphQL WebSocket URL derived from the API base URL (http → ws, https → wss). */
export const graphqlWsUrl = `${env.apiUrl.replace(/^http/, 'ws')}/graphql`;
export const graphqlHttpUrl = `${env.apiUrl}/graphql`;
