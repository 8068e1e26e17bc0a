import { AUTH_PROJECT_ID } from './auth-emulator.ts';

// What the embedded profile gives its gateway, apart from the stack itself: `start.ts` checks it
// before it starts anything, and imports no more than this for that.

/**
 * The origins the web client is served from: its URL and, on a loopback address, the same port
 * under the other loopback name, since a user may well type localhost where 127.0.0.1 was printed
 * (the API refused such a page's calls as cross-origin, and the page showed "Cannot reach the
 * server").
 */
export function webOrigins(host: string, port: number): string[] {
  const loopbackNames = ['127.0.0.1', 'localhost'];
  const names = loopbackNames.includes(host) ? loopbackNames : [host];
  return names.map((name) => `http://${name}:${port}`);
}

/**
 * The gateway's environment in the embedded profile: the user's settings, with what the stack
 * decides (its address, data folder, origins and the Auth emulator) and a quieter default log
 * level. `start.ts` checks it (configProblems) before starting anything; the stack loads it.
 */
export function embeddedGatewayEnv(options: {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly host: string;
  readonly gatewayPort: number;
  readonly webPort: number;
  readonly dataDir: string;
  /** host:port of the Auth emulator. */
  readonly authEmulatorHost: string;
}): Record<string, string | undefined> {
  const { env, host, gatewayPort, webPort, dataDir, authEmulatorHost } = options;
  return {
    ...env,
    HOST: host,
    PORT: String(gatewayPort),
    DATA_DIR: dataDir,
    PUBLIC_URL: env.PUBLIC_URL || `http://${host}:${gatewayPort}`,
    WEB_ORIGIN: env.WEB_ORIGIN || webOrigins(host, webPort).join(','),
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
    FIREBASE_PROJECT_ID: AUTH_PROJECT_ID,
    LOG_LEVEL: env.LOG_LEVEL || 'warn',
  };
}
