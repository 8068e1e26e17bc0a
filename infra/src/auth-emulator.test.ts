import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { busyEmulatorPorts, EmulatorPortsBusyError, startAuthEmulator } from './auth-emulator.ts';
import { freePortRun } from './ports.ts';

const moduleUrl = new URL('./auth-emulator.ts', import.meta.url).href;

describe('startAuthEmulator', () => {
  it('refuses, before launching anything, when another program has one of its ports', async () => {
    const port = await freePortRun(3);
    const hub = createServer();
    await new Promise<void>((resolve) => hub.listen(port + 1, '127.0.0.1', resolve));
    try {
      const started = startAuthEmulator({ port });
      await expect(started).rejects.toThrow(EmulatorPortsBusyError);
      await expect(started).rejects.toMatchObject({
        busy: [{ role: 'hub', port: port + 1, code: 'EADDRINUSE' }],
        otherEmulator: false,
      });
    } finally {
      await new Promise((resolve) => hub.close(resolve));
    }
  });

  it(
    'refuses an Auth emulator it did not launch on its port, and says so',
    { timeout: 90_000 },
    async () => {
      const port = await freePortRun(3);
      const other = await startAuthEmulator({ port });
      try {
        const started = startAuthEmulator({ port });
        await expect(started).rejects.toMatchObject({ otherEmulator: true });
        await expect(started).rejects.toThrow(
          `port ${port} is in use by a Firebase Auth emulator this start did not launch`,
        );
      } finally {
        await other.stop();
      }
    },
  );

  it(
    'ends with the process that started it, even when that one is killed with SIGKILL',
    { timeout: 90_000 },
    async () => {
      const port = await freePortRun(3);
      // A parent of its own, as `npm start` is: it starts the emulator, says so, and waits.
      const parent = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { startAuthEmulator } = await import(${JSON.stringify(moduleUrl)});
         const emulator = await startAuthEmulator({ port: ${port} });
         console.log('started ' + emulator.host);
         setInterval(() => {}, 60_000);`,
        ],
        { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
      );
      try {
        await new Promise<void>((resolve, reject) => {
          let output = '';
          parent.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes(`started 127.0.0.1:${port}`)) resolve();
          });
          parent.once('exit', (code) =>
            reject(new Error(`the parent exited (${code}): ${output}`)),
          );
        });
        expect(await busyEmulatorPorts({ port })).not.toEqual([]);
        parent.kill('SIGKILL');
        await expect
          .poll(() => busyEmulatorPorts({ port }), { timeout: 30_000, interval: 200 })
          .toEqual([]);
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );
});
