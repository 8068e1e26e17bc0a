import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePortRun } from '../../../infra/src/ports.ts';

export interface GatewayProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with the exit signal (or code) once the process is gone. */
  readonly exited: Promise<NodeJS.Signals | number | null>;
  /** Everything the process wrote (warnings and errors at LOG_LEVEL=warn). */
  output(): string;
}

const gatewayDir = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `src/server.ts` as its own process, as `npm run -w gateway serve` does, and resolves once it
 * answers /healthz. Fails with the process output when it exits first.
 */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePortRun(1);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: gatewayDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  // The process has no readiness signal at LOG_LEVEL=warn but its answer.
  for (;;) {
    if (gone) throw new Error(`the gateway exited before answering:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return { url, child, exited, output: () => output };
}

/** Small, seedable PRNG (mulberry32): a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
