import { createServer, type ServerResponse } from 'node:http';

/** What one part reports about itself; `ok: false` makes /readyz answer 503. */
export interface ReadinessReport {
  readonly ok: boolean;
  readonly [detail: string]: unknown;
}
export type ReadinessCheck = () => ReadinessReport | Promise<ReadinessReport>;

export interface HealthServerOptions {
  readonly port: number;
  readonly host: string;
  /** Run on each GET /readyz, all at once. */
  readonly checks: Readonly<Record<string, ReadinessCheck>>;
  /** How long a check may take before it counts as failed (a store that does not answer). */
  readonly checkTimeoutMs?: number;
  /** A check that threw or took too long. */
  readonly onCheckError?: (error: Error, check: string) => void;
}

export interface HealthServer {
  readonly port: number;
  close(): Promise<void>;
}

/** A listen that failed, in a line the operator can act on. */
export class HealthPortError extends Error {
  constructor(port: number, host: string, code: string | undefined) {
    super(
      code === 'EADDRINUSE'
        ? `port ${port} is in use by another program: set HEALTH_PORT`
        : code === 'EACCES'
          ? `port ${port} needs privileges this process has not: set HEALTH_PORT above 1023`
          : `cannot listen on ${host}:${port} (${code ?? 'unknown error'}): set HEALTH_PORT and HEALTH_HOST`,
    );
    this.name = 'HealthPortError';
  }
}

/**
 * A worker process's health endpoints, for an orchestrator or a start script, whatever the log
 * level: GET /healthz answers 200 while the process runs; GET /readyz 200 when every check
 * reports ok in time, else 503. Both bodies are the gateway's: `{ status }`, and for /readyz each
 * check's report under `checks`.
 */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const timeoutMs = options.checkTimeoutMs ?? 2_000;
  const runCheck = async (name: string, check: ReadinessCheck): Promise<ReadinessReport> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        Promise.resolve().then(check),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
    } catch (error) {
      options.onCheckError?.(error instanceof Error ? error : new Error(String(error)), name);
      return { ok: false, error: 'unreachable' };
    } finally {
      clearTimeout(timer);
    }
  };
  const send = (response: ServerResponse, status: number, body: unknown): void => {
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/healthz' && path !== '/readyz')
      return send(response, 404, { error: 'Not Found' });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return send(response, 405, { error: 'Method Not Allowed' });
    }
    if (path === '/healthz') return send(response, 200, { status: 'ok' });
    void Promise.all(
      Object.entries(options.checks).map(
        async ([name, check]) => [name, await runCheck(name, check)] as const,
      ),
    ).then((reports) => {
      const ready = reports.every(([, report]) => report.ok);
      send(response, ready ? 200 : 503, {
        status: ready ? 'ready' : 'not ready',
        checks: Object.fromEntries(reports),
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new HealthPortError(options.port, options.host, error.code)),
    );
    server.listen({ port: options.port, host: options.host, exclusive: true }, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
