import path from 'node:path';
import { runUntilInterrupted } from './until-interrupted.ts';
import { startEmbeddedStack, type EmbeddedStack } from './embedded-stack.ts';

// `npm start`: the embedded profile. Settings come from the environment; everything has a default.
const log = (line: string): void => console.log(line);
const env = process.env;
const host = env.HOST ?? '127.0.0.1';
// npm runs workspace scripts inside the workspace; paths are relative to where the user ran npm.
const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? 'data');

let stack: EmbeddedStack;
try {
  stack = await startEmbeddedStack({
    dataDir,
    host,
    gatewayPort: Number(env.PORT ?? 5000),
    webPort: Number(env.WEB_PORT ?? 3000),
    authPort: Number(env.AUTH_EMULATOR_PORT ?? 9099),
    env,
    log,
  });
} catch (error) {
  console.error(error);
  process.exit(1);
}

const { urls } = stack;
log('');
log('Used Product Resale Market is running (embedded profile):');
log(`  web client    ${urls.web}`);
log(`  API           ${urls.api}   (OpenAPI: ${urls.api}/docs, GraphiQL: ${urls.api}/graphiql)`);
log(`  Auth emulator ${urls.authEmulator}   (project ${stack.authProjectId})`);
log(`  data          ${dataDir}`);
runUntilInterrupted(stack, log, 'Stopping (saving the emulator accounts)...');
