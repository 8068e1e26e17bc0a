import { runUntilInterrupted } from './until-interrupted.ts';
import {
  portProblems,
  readStartSettings,
  startFailureProblem,
  type StartSettings,
} from './start-checks.ts';
import type { EmbeddedStack } from './embedded-stack.ts';

// `npm start`: the embedded profile. Settings come from the environment; everything has a default.
// `npm run dev` (--dev): the same, with the web client served from its sources with hot reload.
const log = (line: string): void => console.log(line);
const env = process.env;
const devWeb = process.argv.slice(2).includes('--dev');

/** Says what is wrong, one line per problem, and exits with 1: nothing was started. */
function refuse(problems: readonly string[]): never {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

// Every setting, then every port, before anything starts or any folder is made. npm runs workspace
// scripts inside the workspace: relative folders start where the user ran npm.
const { settings, problems } = readStartSettings(env, env.INIT_CWD ?? process.cwd());
if (!settings) refuse(problems);
const busy = await portProblems(settings);
if (busy.length > 0) refuse(busy);

const stack = await start(settings);
const { urls } = stack;
log('');
log('Used Product Resale Market is running (embedded profile):');
log(`  web client    ${urls.web}${devWeb ? '   (from web/src, with hot reload)' : ''}`);
log(`  API           ${urls.api}   (OpenAPI: ${urls.api}/docs, GraphiQL: ${urls.api}/graphiql)`);
log(`  Auth emulator ${urls.authEmulator}   (project ${stack.authProjectId})`);
log(`  data          ${settings.dataDir}`);
runUntilInterrupted(stack, log, 'Stopping (saving the emulator accounts)...');

async function start(checked: StartSettings): Promise<EmbeddedStack> {
  // Loaded once the checks passed: a refused start answers at once.
  const { startEmbeddedStack } = await import('./embedded-stack.ts');
  try {
    return await startEmbeddedStack({
      dataDir: checked.dataDir,
      host: checked.host,
      gatewayPort: checked.gatewayPort,
      webPort: checked.webPort,
      authPort: checked.authPort,
      ...(checked.webDistDir ? { webDistDir: checked.webDistDir } : {}),
      web: devWeb ? 'dev' : 'built',
      env,
      log,
    });
  } catch (error) {
    const problem = await startFailureProblem(error, checked);
    if (problem) refuse(problem);
    console.error(error);
    process.exit(1);
  }
}
