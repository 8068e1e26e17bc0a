import { closeSync, mkdirSync, openSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now (the OS's pick for port 0). */
export async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No port assigned');
  return address.port;
}

/** Whether something accepts TCP connections on the loopback port. */
export const acceptsConnections = (port: number, host = '127.0.0.1'): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Waits until the port accepts connections; fails after `timeoutMs` or once `gone()` says so. */
export async function waitForPort(
  port: number,
  options: { readonly timeoutMs?: number; readonly gone?: () => boolean } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (!(await acceptsConnections(port))) {
    if (options.gone?.()) throw new Error(`the server on port ${port} exited before answering`);
    if (Date.now() > deadline) throw new Error(`nothing answered on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Whether this process could listen on the port: null when it could (it listened and closed
 * again), else the error code that refused it: EADDRINUSE (another program has it), EACCES (a
 * privileged port), EADDRNOTAVAIL or ENOTFOUND (the host is not an address of this machine).
 */
export const listenRefusal = (port: number, host: string): Promise<string | null> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });

/** The lowest port the OS hands out by itself (to port 0 and to outgoing connections). */
function ephemeralPortsStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    const port = Number(low);
    if (Number.isInteger(port) && port > 10_000) return port;
  } catch {
    // Not Linux: the IANA range, where most systems start.
  }
  return 49_152;
}

/** Where the processes of this machine note the ports they picked and have not listened on yet. */
const reservationsDir = path.join(tmpdir(), 'resale-market-ports');

/** How long a picked port stays reserved: longer than any program here takes to start. */
const reservationMs = 10 * 60_000;

/**
 * Claims the port for this process unless another process claimed it within `reservationMs`.
 * Between a pick and the listen (a whole stack starting, for a gateway) the port looks free to
 * every other test process, which may pick it too; the claim is the file created exclusively.
 */
function reserve(port: number): boolean {
  const file = path.join(reservationsDir, String(port));
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (Date.now() - statSync(file).mtimeMs < reservationMs) return false;
  const now = new Date();
  utimesSync(file, now, now);
  return true;
}

/**
 * A free port whose `count - 1` successors are free too (the Auth emulator takes the two ports
 * after its own), for a program started later, reserved against the other processes picking at
 * the same time. It lies below the OS's ephemeral range: a port the OS may hand out can be taken
 * by any outgoing connection between this check and the listen.
 */
export async function freePortRun(count: number, host = '127.0.0.1'): Promise<number> {
  const low = 20_000;
  const high = ephemeralPortsStart() - count;
  mkdirSync(reservationsDir, { recursive: true });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = low + Math.floor(Math.random() * (high - low));
    const refusals = await Promise.all(
      Array.from({ length: count }, (_, i) => listenRefusal(port + i, host)),
    );
    if (!refusals.every((refusal) => refusal === null)) continue;
    const ports = Array.from({ length: count }, (_, i) => port + i);
    if (ports.every(reserve)) return port;
  }
  throw new Error(`No ${count} consecutive free ports`);
}
