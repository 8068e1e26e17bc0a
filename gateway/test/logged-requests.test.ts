import { spawn } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { urlWithoutEmails, serverOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

describe('what request logs show of a URL', () => {
  it('reads every e-mail address of its path and query as [email]', () => {
    expect(urlWithoutEmails('/myProducts/quentin.quarrie%40example.com')).toBe(
      '/myProducts/[email]',
    );
    expect(urlWithoutEmails('/bookings?email=quentin@example.com&limit=5')).toBe(
      '/bookings?email=[email]&limit=5',
    );
    expect(urlWithoutEmails('/allProducts/Samsung?after=abc')).toBe(
      '/allProducts/Samsung?after=abc',
    );
  });

  it('never writes a user e-mail into the log lines of a request', async () => {
    const lines: string[] = [];
    const options = serverOptions(loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/tmp/unused' }));
    const app = Fastify({
      ...options,
      logger: {
        ...(typeof options.logger === 'object' ? options.logger : {}),
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    app.get('/users/sellers/:email', async () => ({ isSeller: false }));
    await app.inject({ method: 'GET', url: '/users/sellers/quentin.quarrie%40example.com' });
    await app.close();
    expect(lines.join('')).toContain('/users/sellers/[email]');
    expect(lines.join('')).not.toMatch(/quentin/i);
  });
});

describe('a gateway whose output is gone (the process that read it ended)', () => {
  it('still exits when it exits with log lines pending', { timeout: 30_000 }, async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'fault/exit-with-log-lines-pending.ts')],
      { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // Closed before the process writes: its writes fail with EPIPE.
    child.stdout.destroy();
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const hung = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
    );
    clearTimeout(hung);
    // pino's flush at exit retried a broken pipe forever with sonic-boom 4: killed here.
    expect(signal, errors).toBeNull();
    expect(code).not.toBe(0);
  });
});
