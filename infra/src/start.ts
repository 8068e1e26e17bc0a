import { createEventStore } from '@resale/events';
import { loadConfig, serverOptions, serviceApp } from '@resale/gateway';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { startAuthEmulator } from './auth-emulator.ts';
import { seedDemoData } from './demo/seed-demo-data.ts';
import { ensureWebBuild, webDistDir } from './web-build.ts';
import { startWebServer } from './web-server.ts';

// The embedded profile in one process tree: Auth emulator, gateway with its in-process workers,
// and the built web client. Settings come from the environment; everything has a default.
const log = (line: string): void => console.log(line);
// A copy: the web build sets NODE_ENV=production in process.env, which is not this profile's mode.
const env = { ...process.env };
const host = env.HOST ?? '127.0.0.1';
const gatewayPort = Number(env.PORT ?? 5000);
const webPort = Number(env.WEB_PORT ?? 3000);
const authPort = Number(env.AUTH_EMULATOR_PORT ?? 9099);
// npm runs workspace scripts inside the workspace; paths are relative to where the user ran npm.
const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? 'data');
const gatewayUrl = env.PUBLIC_URL ?? `http://${host}:${gatewayPort}`;
const webUrl = `http://${host}:${webPort}`;

const auth = await startAuthEmulator({ port: authPort, dataDir: path.join(dataDir, 'auth') });
const stoppers: (() => Promise<unknown>)[] = [() => auth.stop()];
const stopAll = async (): Promise<void> => {
  for (const stop of stoppers.reverse())
    await stop().catch((error: unknown) => console.error(error));
};

try {
  await ensureWebBuild(
    {
      VITE_API_URL: gatewayUrl,
      VITE_AUTH_EMULATOR_URL: `http://${auth.host}`,
      VITE_FIREBASE_PROJECT_ID: 'demo-resale',
    },
    log,
  );

  // Seeding goes through its own store handle before the gateway opens the log, so the gateway's
  // workers project the demo events like any others.
  const seedStore = createEventStore({ EVENTSTORE_URL: env.EVENTSTORE_URL, DATA_DIR: dataDir });
  const seeded = await seedDemoData({
    eventStore: seedStore,
    authEmulatorHost: auth.host,
    imagesDir: path.join(dataDir, 'images'),
    publicImageUrl: (fileName) => `${gatewayUrl}/images/${fileName}`,
    log,
  }).finally(() => seedStore.close());

  const config = loadConfig({
    ...env,
    HOST: host,
    PORT: String(gatewayPort),
    DATA_DIR: dataDir,
    PUBLIC_URL: gatewayUrl,
    WEB_ORIGIN: env.WEB_ORIGIN ?? webUrl,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  });
  const gateway = Fastify(serverOptions(config));
  await gateway.register(fp(serviceApp), { config });
  await gateway.listen({ host, port: gatewayPort });
  stoppers.push(() => gateway.close());

  const web = await startWebServer({ distDir: webDistDir, host, port: webPort });
  stoppers.push(() => web.close());

  log('');
  log('Used Product Resale Market is running (embedded profile):');
  log(`  web client    ${webUrl}`);
  log(
    `  API           ${gatewayUrl}   (OpenAPI: ${gatewayUrl}/docs, GraphiQL: ${gatewayUrl}/graphiql)`,
  );
  log(`  Auth emulator http://${auth.host}   (project demo-resale)`);
  log(`  data          ${dataDir}`);
  log('Demo accounts:');
  for (const account of seeded.accounts) {
    log(`  ${account.role.padEnd(7)} ${account.email.padEnd(22)} password: ${account.password}`);
  }
  log('Press Ctrl-C to stop.');
} catch (error) {
  console.error(error);
  await stopAll();
  process.exit(1);
}

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  log('Stopping (saving the emulator accounts)...');
  void stopAll().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
