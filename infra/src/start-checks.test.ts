import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, freePortRun } from './ports.ts';
import {
  portProblems,
  readDistributedStartSettings,
  readStartSettings,
  type StartSettings,
} from './start-checks.ts';

let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'start-checks-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('readStartSettings', () => {
  it('has a default for everything, relative to where npm ran', () => {
    expect(readStartSettings({}, cwd)).toEqual({
      settings: {
        dataDir: path.join(cwd, 'data'),
        host: '127.0.0.1',
        gatewayPort: 5000,
        webPort: 3000,
        authPort: 9099,
        webDistDir: undefined,
      },
      problems: [],
    });
    expect(readStartSettings({ PORT: '', HOST: ' ' }, cwd).settings).toMatchObject({
      gatewayPort: 5000,
      host: '127.0.0.1',
    });
  });

  it("names every invalid setting once, its own and the gateway's, with what it takes", () => {
    const dataDir = path.join(cwd, 'never', 'data');
    const { settings, problems } = readStartSettings(
      {
        DATA_DIR: dataDir,
        PORT: 'abc',
        WEB_PORT: '70000',
        HOST: 'my host',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'market.example',
        RATE_LIMIT_WRITES: 'many',
      },
      cwd,
    );
    expect(settings).toBeNull();
    expect(problems).toEqual([
      'PORT=abc must be a port number 0-65535',
      'WEB_PORT=70000 must be a port number 0-65535',
      'HOST=my host must be a host name or IPv4 address of this machine, e.g. 127.0.0.1 or 0.0.0.0',
      'PUBLIC_URL=market.example must be an http:// or https:// URL',
      'RATE_LIMIT_WRITES=many must be a whole number of at least 1',
      'LOG_LEVEL=loud is not one of fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(existsSync(path.dirname(dataDir))).toBe(false);
  });

  it('refuses a DATA_DIR that is a file, and NODE_ENV=production', () => {
    const file = path.join(cwd, 'a-file');
    writeFileSync(file, '');
    expect(readStartSettings({ DATA_DIR: file, NODE_ENV: 'production' }, cwd).problems).toEqual([
      `DATA_DIR=${file} is a file, not a folder`,
      'NODE_ENV=production is not for npm start: its sign-in is the Firebase Auth emulator, which production refuses (unset NODE_ENV)',
    ]);
  });

  it('refuses one port for two purposes, the emulator taking the two after its own', () => {
    expect(readStartSettings({ PORT: '4000', WEB_PORT: '4000' }, cwd).problems).toEqual([
      'PORT and WEB_PORT are both 4000: set other ports',
    ]);
    expect(readStartSettings({ AUTH_EMULATOR_PORT: '4999' }, cwd).problems).toEqual([
      "PORT and the Auth emulator's hub port (AUTH_EMULATOR_PORT+1) are both 5000: set other ports",
    ]);
    expect(readStartSettings({ AUTH_EMULATOR_PORT: '65535' }, cwd).problems).toEqual([
      'AUTH_EMULATOR_PORT=65535 must be at most 65533: the emulator also takes the two ports after it',
    ]);
    expect(
      readStartSettings({ PORT: '0', WEB_PORT: '0', AUTH_EMULATOR_PORT: '0' }, cwd).problems,
    ).toEqual([]);
  });
});

describe('portProblems', () => {
  const listening: Server[] = [];
  const take = async (port: number): Promise<void> => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    listening.push(server);
  };
  afterAll(async () => {
    for (const server of listening) await new Promise((resolve) => server.close(resolve));
  });

  const settingsOn = (ports: Partial<StartSettings>): StartSettings => ({
    dataDir: path.join(cwd, 'data'),
    host: '127.0.0.1',
    gatewayPort: 0,
    webPort: 0,
    authPort: 0,
    webDistDir: undefined,
    ...ports,
  });

  it('names each port another program has, with the setting that moves it', async () => {
    const [gatewayPort, webPort, authPort] = [
      await freePort('127.0.0.1'),
      await freePort('127.0.0.1'),
      await freePortRun(3),
    ];
    expect(await portProblems(settingsOn({ gatewayPort, webPort, authPort }))).toEqual([]);
    await take(gatewayPort);
    await take(webPort);
    await take(authPort + 1);
    expect(await portProblems(settingsOn({ gatewayPort, webPort, authPort }))).toEqual([
      `port ${gatewayPort} is in use by another program: set PORT`,
      `port ${webPort} is in use by another program: set WEB_PORT`,
      `port ${authPort + 1} (the Auth emulator's hub port, AUTH_EMULATOR_PORT+1) is in use by another program: set AUTH_EMULATOR_PORT`,
    ]);
  });

  it('says when HOST is not an address of this machine', async () => {
    expect(
      await portProblems(settingsOn({ host: '192.0.2.1', gatewayPort: 5000, webPort: 3000 })),
    ).toEqual(['HOST=192.0.2.1 is not an address of this machine (EADDRNOTAVAIL)']);
  });
});

describe('readDistributedStartSettings', () => {
  it("has npm start's defaults, its own data folder, and two gateways on PORT and PORT+1", () => {
    expect(readDistributedStartSettings({}, cwd)).toEqual({
      settings: {
        dataDir: path.join(cwd, 'data-distributed'),
        host: '127.0.0.1',
        gatewayPort: 5000,
        gatewayPorts: [5000, 5001],
        workers: 2,
        webPort: 3000,
        authPort: 9099,
        webDistDir: undefined,
      },
      problems: [],
    });
    expect(
      readDistributedStartSettings({ PORT: '0', GATEWAYS: '3', WORKERS: '1' }, cwd).settings,
    ).toMatchObject({ gatewayPorts: [0, 0, 0], workers: 1 });
  });

  it('names bad counts and gateway ports that run out or collide', () => {
    expect(readDistributedStartSettings({ GATEWAYS: '9', WORKERS: '-1' }, cwd)).toEqual({
      settings: null,
      problems: ['GATEWAYS=9 must be a whole number 1-8', 'WORKERS=-1 must be a whole number 1-8'],
    });
    expect(readDistributedStartSettings({ PORT: '65535' }, cwd).problems).toEqual([
      'PORT=65535 leaves no room for 2 gateways (PORT to PORT+1)',
    ]);
    expect(
      readDistributedStartSettings({ PORT: '9097', GATEWAYS: '3', WEB_PORT: '4000' }, cwd).problems,
    ).toEqual([
      'gateway 3 takes port 9099 (PORT+2), which the Auth emulator also takes: set other ports',
    ]);
  });
});
