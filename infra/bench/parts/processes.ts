// The processes a run starts (gateways, bare routes, emulators, workers), stopped together by
// the runner: each part registers what it started with `onStop`.
import { randomUUID } from 'node:crypto';
import { gatewayNodeFlags } from '@resale/gateway/runtime-tuning';
import type { AuthEmulator } from '../../src/auth-emulator.ts';
import { forkServer, type ChildServer } from '../child-processes.ts';
import { webOrigin } from '../live-path.ts';
import { cpuProfileDir, gcLogFile, settings } from '../settings.ts';

const env = process.env;

export class BenchProcesses {
  private readonly stoppers: (() => Promise<unknown>)[] = [];

  /** Registers a stop, run (last registered first) by the next `stopAll`. */
  onStop(stop: () => Promise<unknown>): void {
    this.stoppers.push(stop);
  }

  async stopAll(): Promise<void> {
    for (const stop of this.stoppers.splice(0).reverse())
      await stop().catch((error: unknown) => console.error(error));
  }

  async startGateway(
    label: string,
    childEnv: Record<string, string | undefined>,
  ): Promise<ChildServer> {
    const server = await forkServer(new URL('../gateway-server.ts', import.meta.url), {
      env: childEnv,
      cpuProfileDir,
      label,
      nodeFlags: settings.runtimeTuning === 'off' ? [] : gatewayNodeFlags,
    });
    this.onStop(() => server.stop());
    return server;
  }
}

export const gatewayEnv = (
  dataDir: string,
  auth: AuthEmulator,
  extra: Record<string, string> = {},
): Record<string, string | undefined> => ({
  PATH: env['PATH'],
  HOME: env['HOME'],
  TMPDIR: env['TMPDIR'],
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  FIREBASE_AUTH_EMULATOR_HOST: auth.host,
  FIREBASE_PROJECT_ID: 'demo-resale',
  WEB_ORIGIN: webOrigin,
  LOG_LEVEL: settings.logLevel,
  RATE_LIMIT_WRITES: String(settings.rateLimitWrites),
  RATE_LIMIT_SIGN_IN: String(settings.rateLimitSignIn),
  RATE_LIMIT_READS: String(settings.rateLimitReads),
  RATE_LIMIT_READS_PER_TOKEN: String(settings.rateLimitReads),
  PROJECTION_THREAD: settings.projectionThread,
  BENCH_GC_LOG: gcLogFile,
  BENCH_RUNTIME_TUNING: settings.runtimeTuning,
  EARLY_ANSWERS: settings.earlyAnswers,
  ...extra,
});

/**
 * Waits until the read models have applied every event of the log (GET /readyz); gives up when
 * their checkpoint stops moving for a minute.
 */
export async function untilProjected(gateway: ChildServer): Promise<void> {
  let checkpoint = -1;
  let movedAt = Date.now();
  for (;;) {
    const response = await fetch(`${gateway.url}/readyz`);
    const body = (await response.json()) as {
      checks?: { readModels?: { lag?: number; checkpoint?: number } };
    };
    const readModels = body.checks?.readModels;
    if (response.ok && readModels?.lag === 0) return;
    if (readModels?.checkpoint !== checkpoint) {
      checkpoint = readModels?.checkpoint ?? -1;
      movedAt = Date.now();
    }
    if (Date.now() - movedAt > 60_000)
      throw new Error(
        `The read models stopped at ${JSON.stringify(body)}; gateway output:\n${gateway.output()}`,
      );
    // Another process projects: nothing here to await but its progress.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How far the read models are behind the log now; resolves once they have caught up. */
export async function readModelsCatchUp(gateway: ChildServer): Promise<{ behind: number }> {
  const response = await fetch(`${gateway.url}/readyz`);
  const body = (await response.json()) as { checks?: { readModels?: { lag?: number } } };
  await untilProjected(gateway);
  return { behind: body.checks?.readModels?.lag ?? 0 };
}

export const account = (prefix: string, index: number, role: 'buyer' | 'seller') => ({
  email: `${prefix}-${index}-${randomUUID().slice(0, 8)}@bench.example`,
  name: `${prefix} ${index}`,
  role,
});
