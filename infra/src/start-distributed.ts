import path from 'node:path';
import { runUntilInterrupted } from './until-interrupted.ts';
import { startDistributedStack, type DistributedStack } from './distributed-stack.ts';

// `npm run start:distributed`: the distributed profile's processes on this machine, no Docker.
// Settings come from the environment; everything has a default.
const log = (line: string): void => console.log(line);
const env = process.env;
const host = env.HOST ?? '127.0.0.1';
// npm runs workspace scripts inside the workspace; paths are relative to where the user ran npm.
const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? 'data-distributed');
const port = Number(env.PORT ?? 5000);
const gatewayCount = Number(env.GATEWAYS ?? 2);
const workerCount = Number(env.WORKERS ?? 2);

let stack: DistributedStack;
try {
  stack = await startDistributedStack({
    dataDir,
    host,
    gatewayPorts: Array.from({ length: gatewayCount }, (_, i) => port + i),
    workers: workerCount,
    webPort: Number(env.WEB_PORT ?? 3000),
    authPort: Number(env.AUTH_EMULATOR_PORT ?? 9099),
    env,
    log,
  });
} catch (error) {
  console.error(error);
  process.exit(1);
}

const { urls, servers } = stack;
log('');
log('Used Product Resale Market is running (distributed profile):');
log(`  web client    ${urls.web}   (talks to the first gateway)`);
stack.gateways.forEach((gateway, i) =>
  log(`  ${gateway.name.padEnd(13)} ${urls.gateways[i]}   (pid ${gateway.child.pid})`),
);
for (const worker of stack.workers) log(`  ${worker.name.padEnd(13)} pid ${worker.child.pid}`);
log(`  MongoDB       ${urls.mongodb}   (${servers.mongodb}; read models and images)`);
log(`  Redis         ${urls.redis}   (${servers.redis}; queues and pub/sub)`);
log(`  event log     ${dataDir}   (embedded SQLite, shared by every process)`);
log(`  Auth emulator ${urls.authEmulator}   (project ${stack.authProjectId})`);
runUntilInterrupted(stack, log, 'Stopping every process (saving the emulator accounts)...');
