import { createEventStore } from '@resale/events';
import { loadConfig, startServer } from '@resale/gateway';
import { fileImageStore } from '@resale/workers';
import { AUTH_PROJECT_ID, startStackAuthEmulator } from './auth-emulator.ts';
import { embeddedGatewayEnv } from './embedded-gateway-env.ts';
import { seedDemoData, type SeededAccount } from './demo/seed-demo-data.ts';
import { freePortRun } from './ports.ts';
import { ensureWebBuild } from './web-build.ts';
import { startWebServer } from './web-server.ts';

export { embeddedGatewayEnv, webOrigins } from './embedded-gateway-env.ts';

export interface EmbeddedStackOptions {
  /** Event log, read models, images and the emulator's saved accounts. */
  readonly dataDir: string;
  readonly host: string;
  /** 0 picks a free port (the emulator's hub and logging ports then too). */
  readonly gatewayPort: number;
  readonly webPort: number;
  readonly authPort: number;
  /**
   * Gateway settings (ADMIN_EMAILS, EVENTSTORE_URL, RATE_LIMIT_*, LOG_LEVEL, PUBLIC_URL,
   * WEB_ORIGIN, ...) as the gateway reads them from its environment.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where the web client is built; a folder per build under web/.start-builds by default. */
  readonly webDistDir?: string;
  /** 'dev': the web client from its sources with hot reload (Vite's dev server), not built. */
  readonly web?: 'built' | 'dev';
  readonly log?: (line: string) => void;
}

export interface EmbeddedStackUrls {
  readonly web: string;
  readonly api: string;
  /** http://host:port of the Firebase Auth emulator. */
  readonly authEmulator: string;
}

export interface EmbeddedStack {
  readonly urls: EmbeddedStackUrls;
  readonly dataDir: string;
  readonly authProjectId: string;
  /** The demo accounts, with their passwords. */
  readonly accounts: readonly SeededAccount[];
  /** Stops the web server, the gateway with its workers, and the emulator (saving its accounts). */
  stop(): Promise<void>;
}

const portOrFree = async (port: number, host: string): Promise<number> =>
  port === 0 ? freePortRun(1, host) : port;

/**
 * The embedded profile in one process tree: the Auth emulator (a child process), the gateway with
 * its in-process workers, and the built web client, with the demo data loaded. Used by `npm start`
 * and by the end-to-end journeys.
 */
export async function startEmbeddedStack(options: EmbeddedStackOptions): Promise<EmbeddedStack> {
  const { dataDir, host, env = {}, log = () => {} } = options;
  const gatewayPort = await portOrFree(options.gatewayPort, host);
  const webPort = await portOrFree(options.webPort, host);
  const gatewayUrl = (env.PUBLIC_URL || `http://${host}:${gatewayPort}`).replace(/\/+$/, '');
  const webUrl = `http://${host}:${webPort}`;

  const auth = await startStackAuthEmulator(options.authPort, dataDir);
  const stoppers: (() => Promise<unknown>)[] = [() => auth.stop()];
  const stop = async (): Promise<void> => {
    for (const stopOne of stoppers.splice(0).reverse())
      await stopOne().catch((error: unknown) => console.error(error));
  };

  const webSettings = {
    VITE_API_URL: gatewayUrl,
    VITE_AUTH_EMULATOR_URL: `http://${auth.host}`,
    VITE_FIREBASE_PROJECT_ID: AUTH_PROJECT_ID,
  };
  const devWeb = options.web === 'dev';
  try {
    const webDistDir = devWeb
      ? undefined
      : await ensureWebBuild({ settings: webSettings, outDir: options.webDistDir, log });

    // Seeding goes through its own store handle before the gateway opens the log, so the
    // gateway's workers project the demo events like any others.
    const seedStore = createEventStore({ ...env, DATA_DIR: dataDir });
    const seeded = await seedDemoData({
      eventStore: seedStore,
      authEmulatorHost: auth.host,
      images: fileImageStore(dataDir),
      log,
    }).finally(() => seedStore.close());

    const config = loadConfig(
      embeddedGatewayEnv({ env, host, gatewayPort, webPort, dataDir, authEmulatorHost: auth.host }),
    );
    const { app: gateway } = await startServer(config);
    stoppers.push(() => gateway.close());

    if (webDistDir === undefined) {
      const { startWebDevServer } = await import('./web-dev-server.ts');
      const web = await startWebDevServer({ settings: webSettings, host, port: webPort });
      stoppers.push(() => web.close());
    } else {
      const web = await startWebServer({
        distDir: webDistDir,
        host,
        port: webPort,
        apiUrl: gatewayUrl,
        authEmulatorUrl: `http://${auth.host}`,
      });
      stoppers.push(() => web.close());
    }

    return {
      urls: { web: webUrl, api: gatewayUrl, authEmulator: `http://${auth.host}` },
      dataDir,
      authProjectId: AUTH_PROJECT_ID,
      accounts: seeded.accounts,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
