import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { endsWithParentModule } from './ends-with-parent.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A service stops gracefully, as on a supervisor's SIGTERM, when the process that started it
 * ends, however it ended; the gateway's own bound on its shutdown is 10 s.
 */
const endsWithParent = endsWithParentModule('SIGTERM', 15_000);

/**
 * How a service process says it is ready: a health URL answering 200 (/readyz), which holds at
 * any LOG_LEVEL, where a line it prints would not.
 */
export type Readiness = { readonly url: string };

export interface ServiceProcessOptions {
  /** For messages: "gateway 1", "worker 2". */
  readonly name: string;
  /** The workspace folder and its TypeScript entry, run as its npm script runs it (tsx). */
  readonly workspace: 'gateway' | 'workers';
  readonly entry: string;
  readonly env: Readonly<Record<string, string>>;
  readonly ready: Readiness;
  readonly timeoutMs?: number;
}

export interface ServiceProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Resolves with the exit signal (or code) once the process is gone. */
  readonly exited: Promise<NodeJS.Signals | number | null>;
  /** The last part of what the process printed. */
  output(): string;
  /** SIGTERM (a graceful stop), then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts a gateway or worker process of the distributed profile and waits until it is ready. */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const child = spawn(
    process.execPath,
    ['--import', endsWithParent, '--import', 'tsx', options.entry],
    {
      cwd: path.join(repositoryRoot, options.workspace),
      env: { ...process.env, ...options.env },
      // stdin: the pipe whose end tells the process that this one ended (endsWithParent).
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const service: ServiceProcess = {
    name: options.name,
    child,
    exited,
    output: () => output,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const { ready } = options;
  for (;;) {
    if (gone) throw new Error(`${options.name} exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      await service.stop();
      throw new Error(`${options.name} was not ready within the time limit:\n${output}`);
    }
    if (await answersOk(ready.url)) return service;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function answersOk(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
