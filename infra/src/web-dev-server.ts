import { createServer, type ViteDevServer } from 'vite';
import { webDir, type WebBuildSettings } from './web-build.ts';

/**
 * The web client from its sources through Vite's dev server, with hot reload, for `npm run dev`.
 * Its VITE_* settings go through the environment, where Vite reads them as it does at build time.
 */
export async function startWebDevServer(options: {
  readonly settings: WebBuildSettings;
  readonly host: string;
  readonly port: number;
}): Promise<ViteDevServer> {
  Object.assign(process.env, options.settings);
  const server = await createServer({
    root: webDir,
    server: { host: options.host, port: options.port, strictPort: true },
    clearScreen: false,
    logLevel: 'warn',
  });
  await server.listen();
  return server;
}
