import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { configProblems } from '@resale/gateway/config';
import {
  answersAsAuthEmulator,
  busyEmulatorPorts,
  EmulatorPortsBusyError,
  type BusyEmulatorPort,
} from './auth-emulator.ts';
import { embeddedGatewayEnv } from './embedded-gateway-env.ts';
import { listenRefusal } from './ports.ts';

/*
 * What `npm start` checks before it starts anything (no emulator, no web build, no folder): every
 * setting, its own and the gateway's, then every port it will listen on. Each problem is one line
 * naming the setting, the value and what it takes; all of them at once, each once.
 */

type Env = Readonly<Record<string, string | undefined>>;

export interface StartSettings {
  /** Event log, read models, images and the emulator's saved accounts. */
  readonly dataDir: string;
  readonly host: string;
  /** 0 picks a free port. */
  readonly gatewayPort: number;
  readonly webPort: number;
  /** 0 picks free ports for the emulator and its hub and logging ports. */
  readonly authPort: number;
  /** Where the web client is built and served from; a folder per build under web/.start-builds when unset. */
  readonly webDistDir: string | undefined;
}

export const defaultPorts = { PORT: 5000, WEB_PORT: 3000, AUTH_EMULATOR_PORT: 9099 } as const;
type PortSetting = keyof typeof defaultPorts;

/** The value a setting has: unset and empty are the same (as the gateway reads them). */
const valueOf = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

const hostPattern = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/;

/** What stands in the way of making and writing the folder, or null. */
function folderProblem(name: string, given: string, folder: string): string | null {
  let existing = folder;
  for (;;) {
    try {
      const stat = statSync(existing);
      if (!stat.isDirectory())
        return existing === folder
          ? `${name}=${given} is a file, not a folder`
          : `${name}=${given} cannot be made: ${existing} is a file`;
      break;
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return `${name}=${given} cannot be made`;
      existing = parent;
    }
  }
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
    return null;
  } catch {
    return existing === folder
      ? `${name}=${given} is not writable by this user`
      : `${name}=${given} cannot be made: ${existing} is not writable by this user`;
  }
}

/**
 * The start's settings from the environment, or the problems with them (then `settings` is null).
 * Reads and checks only: nothing is made or started. `cwd`: where relative folders start (where
 * the user ran npm).
 */
export function readStartSettings(
  env: Env,
  cwd: string,
): { settings: StartSettings | null; problems: string[] } {
  const problems: string[] = [];

  const port = (name: PortSetting): number | null => {
    const given = valueOf(env, name);
    if (given === undefined) return defaultPorts[name];
    if (/^[0-9]+$/.test(given) && Number(given) <= 65535) return Number(given);
    problems.push(`${name}=${given} must be a port number 0-65535`);
    return null;
  };
  const gatewayPort = port('PORT');
  const webPort = port('WEB_PORT');
  const authPort = port('AUTH_EMULATOR_PORT');

  const host = valueOf(env, 'HOST') ?? '127.0.0.1';
  const hostValid = hostPattern.test(host);
  if (!hostValid)
    problems.push(
      `HOST=${host} must be a host name or IPv4 address of this machine, e.g. 127.0.0.1 or 0.0.0.0`,
    );

  const dataDirGiven = valueOf(env, 'DATA_DIR') ?? 'data';
  const dataDir = path.resolve(cwd, dataDirGiven);
  const dataDirProblem = folderProblem('DATA_DIR', dataDirGiven, dataDir);
  if (dataDirProblem) problems.push(dataDirProblem);

  const webDistGiven = valueOf(env, 'WEB_DIST_DIR');
  const webDistDir = webDistGiven === undefined ? undefined : path.resolve(cwd, webDistGiven);
  if (webDistGiven !== undefined && webDistDir !== undefined) {
    const problem = folderProblem('WEB_DIST_DIR', webDistGiven, webDistDir);
    if (problem) problems.push(problem);
  }

  if (valueOf(env, 'NODE_ENV') === 'production')
    problems.push(
      'NODE_ENV=production is not for npm start: its sign-in is the Firebase Auth emulator, which production refuses (unset NODE_ENV)',
    );

  // Each port for one purpose only; the emulator also takes the two after AUTH_EMULATOR_PORT.
  if (authPort !== null && authPort > 65533)
    problems.push(
      `AUTH_EMULATOR_PORT=${authPort} must be at most 65533: the emulator also takes the two ports after it`,
    );
  const claims: { port: number; what: string }[] = [];
  if (gatewayPort) claims.push({ port: gatewayPort, what: 'PORT' });
  if (webPort) claims.push({ port: webPort, what: 'WEB_PORT' });
  if (authPort) {
    claims.push({ port: authPort, what: 'AUTH_EMULATOR_PORT' });
    claims.push({
      port: authPort + 1,
      what: "the Auth emulator's hub port (AUTH_EMULATOR_PORT+1)",
    });
    claims.push({
      port: authPort + 2,
      what: "the Auth emulator's logging port (AUTH_EMULATOR_PORT+2)",
    });
  }
  for (const [index, { port: claimed, what }] of claims.entries()) {
    const earlier = claims.slice(0, index).find((claim) => claim.port === claimed);
    if (earlier) problems.push(`${earlier.what} and ${what} are both ${claimed}: set other ports`);
  }

  // The gateway's own settings, as the stack will give them (its HOST, PORT and DATA_DIR are the
  // start's, checked above: stand-ins keep a problem with them from being reported twice).
  const gatewayEnv = embeddedGatewayEnv({
    env,
    host: hostValid ? host : '127.0.0.1',
    gatewayPort: gatewayPort ?? 0,
    webPort: webPort ?? 0,
    dataDir,
    authEmulatorHost: `127.0.0.1:${authPort || defaultPorts.AUTH_EMULATOR_PORT}`,
  });
  problems.push(...configProblems({ ...gatewayEnv, NODE_ENV: undefined }));

  if (problems.length > 0 || gatewayPort === null || webPort === null || authPort === null)
    return { settings: null, problems };
  return { settings: { dataDir, host, gatewayPort, webPort, authPort, webDistDir }, problems };
}

/** `npm run start:distributed`'s settings: `npm start`'s, with a gateway per port from PORT on. */
export interface DistributedStartSettings extends StartSettings {
  /** PORT, PORT+1, ...: one per gateway (all 0: free ports). */
  readonly gatewayPorts: readonly number[];
  readonly workers: number;
}

/** Most gateway and worker processes `start:distributed` runs: each is a Node process. */
export const maxDistributedProcesses = 8;
const defaultCounts = { GATEWAYS: 2, WORKERS: 2 } as const;

/**
 * `npm run start:distributed`'s settings, or the problems with them: those of `npm start` (its
 * data folder is data-distributed unless DATA_DIR says otherwise), GATEWAYS and WORKERS, and the
 * gateways' ports PORT to PORT+GATEWAYS-1. Reads and checks only.
 */
export function readDistributedStartSettings(
  env: Env,
  cwd: string,
): { settings: DistributedStartSettings | null; problems: string[] } {
  const { settings, problems } = readStartSettings(
    { ...env, DATA_DIR: valueOf(env, 'DATA_DIR') ?? 'data-distributed' },
    cwd,
  );
  const count = (name: keyof typeof defaultCounts): number | null => {
    const given = valueOf(env, name);
    if (given === undefined) return defaultCounts[name];
    if (/^[0-9]+$/.test(given) && Number(given) >= 1 && Number(given) <= maxDistributedProcesses)
      return Number(given);
    problems.push(`${name}=${given} must be a whole number 1-${maxDistributedProcesses}`);
    return null;
  };
  const gateways = count('GATEWAYS');
  const workers = count('WORKERS');
  if (!settings || gateways === null || workers === null) return { settings: null, problems };

  const { gatewayPort, webPort, authPort } = settings;
  const gatewayPorts = Array.from({ length: gateways }, (_, i) =>
    gatewayPort === 0 ? 0 : gatewayPort + i,
  );
  const last = gatewayPorts.at(-1) ?? 0;
  if (last > 65535)
    problems.push(
      `PORT=${gatewayPort} leaves no room for ${gateways} gateways (PORT to PORT+${gateways - 1})`,
    );
  const others = [
    { port: webPort, what: 'WEB_PORT' },
    ...(authPort === 0
      ? []
      : [0, 1, 2].map((offset) => ({ port: authPort + offset, what: 'the Auth emulator' }))),
  ];
  for (const [index, port] of gatewayPorts.entries()) {
    if (index === 0 || port === 0) continue;
    const clash = others.find((other) => other.port === port);
    if (clash)
      problems.push(
        `gateway ${index + 1} takes port ${port} (PORT+${index}), which ${clash.what} also takes: set other ports`,
      );
  }
  if (problems.length > 0) return { settings: null, problems };
  return { settings: { ...settings, gatewayPorts, workers }, problems };
}

const busyHostCodes = new Set(['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);

/** The line for a port the start cannot listen on; `setting` is the one that moves it. */
export function busyPortProblem(
  port: number,
  code: string,
  setting: string,
  what = `port ${port}`,
): string {
  if (code === 'EADDRINUSE') return `${what} is in use by another program: set ${setting}`;
  if (code === 'EACCES')
    return `${what} needs privileges this user does not have (ports below 1024): set ${setting}`;
  return `${what} cannot be listened on (${code}): set ${setting}`;
}

/** The lines for the Auth emulator's ports that are taken; one when another emulator has them. */
export async function emulatorPortProblems(busy: readonly BusyEmulatorPort[]): Promise<string[]> {
  const auth = busy.find(({ role }) => role === 'auth');
  if (auth && auth.code === 'EADDRINUSE' && (await answersAsAuthEmulator(auth.port)))
    return [
      `port ${auth.port} is in use by another Firebase Auth emulator (another npm start?): stop it, or set AUTH_EMULATOR_PORT`,
    ];
  return busy.map(({ role, port, code }) =>
    busyPortProblem(
      port,
      code,
      'AUTH_EMULATOR_PORT',
      role === 'auth'
        ? `port ${port}`
        : `port ${port} (the Auth emulator's ${role} port, AUTH_EMULATOR_PORT+${role === 'hub' ? 1 : 2})`,
    ),
  );
}

/**
 * Tries every port the start will listen on, before anything starts: the gateways' and the web
 * client's on HOST, the Auth emulator's three on 127.0.0.1. Answers one line per port taken.
 */
export async function portProblems(
  settings: StartSettings & { readonly gatewayPorts?: readonly number[] },
): Promise<string[]> {
  const problems: string[] = [];
  const { host } = settings;
  const gatewayPorts = settings.gatewayPorts ?? [settings.gatewayPort];
  for (const [setting, port, what] of [
    ...gatewayPorts.map(
      (port, i) =>
        ['PORT', port, i === 0 ? undefined : `port ${port} (gateway ${i + 1}, PORT+${i})`] as const,
    ),
    ['WEB_PORT', settings.webPort, undefined] as const,
  ]) {
    if (port === 0) continue;
    const code = await listenRefusal(port, host);
    if (code === null) continue;
    if (busyHostCodes.has(code)) {
      const line = `HOST=${host} is not an address of this machine (${code})`;
      if (!problems.includes(line)) problems.push(line);
    } else problems.push(busyPortProblem(port, code, setting, what));
  }
  if (settings.authPort !== 0)
    problems.push(
      ...(await emulatorPortProblems(await busyEmulatorPorts({ port: settings.authPort }))),
    );
  return problems;
}

/**
 * The one line for a failure of a start that passed its checks, when it is one a user can fix (a
 * port another program took meanwhile); null for anything else.
 */
export async function startFailureProblem(
  error: unknown,
  settings: StartSettings,
): Promise<string[] | null> {
  if (error instanceof EmulatorPortsBusyError) return emulatorPortProblems(error.busy);
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  if (code !== 'EADDRINUSE' || typeof port !== 'number') return null;
  const setting =
    port === settings.gatewayPort ? 'PORT' : port === settings.webPort ? 'WEB_PORT' : null;
  return setting ? [busyPortProblem(port, code, setting)] : null;
}
