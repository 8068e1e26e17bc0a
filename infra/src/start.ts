import path from 'node:path';
import { startAuthEmulator } from './auth-emulator.ts';

// The embedded profile's one-command runner. It starts only what exists so far and says so.
// npm runs workspace scripts inside the workspace; paths are relative to where the user ran npm.
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? 'data');
const authPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);

const auth = await startAuthEmulator({ port: authPort, dataDir: path.join(dataDir, 'auth') });
console.log(`Firebase Auth emulator: http://${auth.host} (project demo-resale)`);
console.log('The gateway and web client are not built yet; only the auth emulator is running.');
console.log('Press Ctrl-C to stop.');

const stop = async (): Promise<void> => {
  await auth.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
