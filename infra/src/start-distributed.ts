import { runUntilInterrupted } from './until-interrupted.ts';
import { startDistributedStack, type DistributedStack } from './distributed-stack.ts';
import { portProblems, readDistributedStartSettings } from './start-checks.ts';

// `npm run start:distributed`: the distributed profile's processes on this machine, no Docker.
// Settings come from the environment; everything has a default.
const log = (line: string): void => console.log(line);
const env = process.env;

/** Says what is wrong, one line per problem, and exits with 1: nothing was started. */
function refuse(problems: readonly string[]): never {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

// Every setting, then every port, before anything starts or any folder is made. npm runs workspace
// scripts inside the workspace: relative folders start where the user ran npm.
const { settings, problems } = readDistributedStartSettings(env, env.INIT_CWD ?? process.cwd());
if (!settings) refuse(problems);
const busy = await portProblems(settings);
if (busy.length > 0) refuse(busy);
const { dataDir } = settings;

let stack: DistributedStack;
try {
  stack = await startDistributedStack({
    dataDir,
    host: settings.host,
    gatewayPorts: settings.gatewayPorts,
    workers: settings.workers,
    webPort: settings.webPort,
    authPort: settings.authPort,
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
