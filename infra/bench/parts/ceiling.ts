// The ceiling: bare routes answering the bytes the gateway answered, in a process of their own.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gatewayNodeFlags } from '@resale/gateway/runtime-tuning';
import { forkServer, type ChildServer } from '../child-processes.ts';
import type { HttpTarget } from '../http-load.ts';
import type { PartContext } from './part.ts';

/** Headers node:http writes for any answer by itself (or the ceiling's route sets). */
const ownHeaders = new Set([
  'connection',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * Sends the request once, checks the answer, and returns its bytes for the ceiling: the body and
 * the headers the API added (security, CORS, request id), which a bare route answering the same
 * bytes sends as they are.
 */
export async function captureAnswer(target: HttpTarget): Promise<CapturedAnswer> {
  const response = await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...(target.body !== undefined ? { body: target.body } : {}),
  });
  const body = await response.text();
  if (!response.ok || body.includes('"errors"'))
    throw new Error(`${target.url} answered ${response.status}: ${body.slice(0, 300)}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!ownHeaders.has(name)) headers[name] = value;
  });
  return {
    body,
    contentType: response.headers.get('content-type') ?? 'application/json',
    headers,
  };
}

export interface CapturedAnswer {
  readonly body: string;
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** A bare route of the ceiling server (ceiling-server.ts reads them from a JSON file). */
export interface CeilingRoute extends CapturedAnswer {
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

/**
 * Bare routes answering the given bytes; with `protocolEnv` (the gateway's environment) inside
 * the gateway's HTTP protocol instead of nothing (which adds the headers itself).
 */
export async function startCeiling(
  { scratch, processes }: PartContext,
  routes: readonly CeilingRoute[],
  protocolEnv?: Record<string, string | undefined>,
): Promise<ChildServer> {
  const file = path.join(scratch, `ceiling-${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(routes));
  const ceiling = await forkServer(new URL('../ceiling-server.ts', import.meta.url), {
    env: protocolEnv
      ? { ...protocolEnv, BENCH_CEILING_FILE: file, BENCH_CEILING_PROTOCOL: 'api' }
      : { PATH: process.env['PATH'], BENCH_CEILING_FILE: file },
    label: protocolEnv ? 'protocol server' : 'ceiling server',
    // Without V8's memory reducer, as this process: a bare route sits idle through the gateway's
    // rounds, where its collections would take the cores from the gateway. It only runs in an
    // idle process, so the bare route's own figures are the same with it or without.
    nodeFlags: [...(protocolEnv ? gatewayNodeFlags : []), '--no-memory-reducer'],
  });
  processes.onStop(() => ceiling.stop());
  return ceiling;
}
