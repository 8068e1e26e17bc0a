import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EmulatorPortsBusyError, startAuthEmulator } from './auth-emulator.ts';
import { freePortRun } from './ports.ts';

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
      });
    } finally {
      await new Promise((resolve) => hub.close(resolve));
    }
  });
});
