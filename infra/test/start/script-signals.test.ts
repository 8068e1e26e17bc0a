import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Ctrl-C reaches the program an npm script starts, and the program alone decides how it stops.
 * Each workspace script that runs a TypeScript entry is run as npm runs it (a shell, the
 * workspace's folder, node_modules/.bin on the PATH) with its entry swapped for a program that
 * is busy 200 ms of every 210 and stops itself on SIGINT. A launcher that relays the signal and
 * kills a child slow to answer it (the tsx CLI does after 60 ms) fails here.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const busyProgram = fileURLToPath(new URL('./fixtures/busy-until-interrupted.ts', import.meta.url));
const workspaces = ['infra', 'gateway', 'workers', 'events'];

const scriptsRunningTypeScript = workspaces.flatMap((workspace) => {
  const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return Object.entries(manifest.scripts ?? {})
    .filter(([, command]) => /\S+\.ts\b/.test(command))
    .map(([name, command]) => ({ workspace, name, command }));
});

function interruptWhileBusy(
  workspace: string,
  command: string,
): Promise<{ code: number | null; output: string }> {
  const swapped = command.replace(/\S+\.ts\b/, busyProgram);
  const cwd = path.join(root, workspace);
  const bins = [path.join(cwd, 'node_modules/.bin'), path.join(root, 'node_modules/.bin')];
  const child = spawn('sh', ['-c', `exec ${swapped}`], {
    cwd,
    env: { ...process.env, PATH: [...bins, process.env['PATH']].join(path.delimiter) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve) => {
    const heard = (chunk: Buffer): void => {
      const before = output;
      output += chunk.toString();
      if (!before.includes('busy') && output.includes('busy')) child.kill('SIGINT');
    };
    child.stdout.on('data', heard);
    child.stderr.on('data', heard);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm scripts and Ctrl-C', () => {
  it('finds the scripts that run TypeScript', () => {
    const names = scriptsRunningTypeScript.map(({ workspace, name }) => `${workspace} ${name}`);
    expect(names).toEqual(
      expect.arrayContaining(['infra start', 'infra dev', 'gateway serve', 'workers serve']),
    );
  });

  it.each(scriptsRunningTypeScript)(
    '$workspace $name: a busy program gets Ctrl-C and stops as it decides',
    async ({ workspace, command }) => {
      const { code, output } = await interruptWhileBusy(workspace, command);
      expect(output).toContain('stopped');
      expect(code).toBe(0);
    },
  );
});
