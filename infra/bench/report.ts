import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { noticeableIoStallPercent, type MachineDescription } from './support.ts';
import type { RouteWeight } from './web-weight.ts';

/** 'recorded': a figure without a goal, kept for the record. */
export type Verdict = 'pass' | 'short' | 'not measured' | 'recorded';

export interface GoalRow {
  readonly area: string;
  readonly measure: string;
  /** The goal as people read it, e.g. '≥ 80 % of ceiling'. */
  readonly goal: string;
  /** The figure as people read it, e.g. '84 % (12,300 of 14,600 req/s)'. */
  readonly measured: string;
  readonly verdict: Verdict;
}

/** A goal met when `value` is at least (or, with 'max', at most) `limit`. */
export function goalRow(
  area: string,
  measure: string,
  goal: string,
  value: number | undefined,
  limit: number,
  kind: 'min' | 'max',
  measured: string,
): GoalRow {
  const verdict: Verdict =
    value === undefined || !Number.isFinite(value)
      ? 'not measured'
      : (kind === 'min' ? value >= limit : value <= limit)
        ? 'pass'
        : 'short';
  return { area, measure, goal, measured: verdict === 'not measured' ? '–' : measured, verdict };
}

/** A figure measured for the record, without a goal to meet. */
export const recordedRow = (area: string, measure: string, measured: string): GoalRow => ({
  area,
  measure,
  goal: 'none (recorded)',
  measured,
  verdict: 'recorded',
});

export interface HttpRow {
  readonly endpoint: string;
  readonly answerBytes: number;
  readonly ceilingOkPerSecond: number;
  readonly gatewayOkPerSecond: number;
  readonly ratio: number;
  readonly p99AtMaxMs: number;
  readonly ceilingP99AtMaxMs: number;
  /** CPU time of the server process per answer (µs), whatever else the machine runs. */
  readonly gatewayCpuMicros: number | undefined;
  readonly ceilingCpuMicros: number | undefined;
  /** Thousands of instructions per answer, where perf can count them: steadier still. */
  readonly gatewayKiloInstructions?: number | undefined;
  readonly ceilingKiloInstructions?: number | undefined;
  /**
   * The same bare routes inside the gateway's HTTP protocol (logger, request ids, JSON errors,
   * security headers, CORS): the share of the ceiling no route can exceed. Reads only.
   */
  readonly protocolOkPerSecond?: number;
  readonly protocolCpuMicros?: number | undefined;
  readonly protocolKiloInstructions?: number | undefined;
  /** A bare route answering the body alone, with Fastify's own headers only. */
  readonly bodyOnlyOkPerSecond?: number;
  readonly bodyOnlyCpuMicros?: number | undefined;
  readonly bodyOnlyKiloInstructions?: number | undefined;
  /** p99 at half the gateway's maximum rate (reads) or at the fixed command rate. */
  readonly p99AtRateMs?: number;
  /** The ceiling's p99 at the same fixed rate: what the load generator alone adds. */
  readonly ceilingP99AtRateMs?: number;
  readonly rate?: number;
}

export interface Results {
  readonly measuredAt: string;
  readonly runSeconds: number;
  readonly complete: boolean;
  readonly machine: MachineDescription & {
    loadAverageAtEnd: number[];
    speedLoopMsAtEnd: number;
    /** The machine's CPU steal over the whole run, in percent, where the kernel says. */
    stealPercent?: number;
    /** The share of the run in which some task waited for storage, in percent. */
    ioStallPercent?: number;
  };
  readonly settings: Record<string, unknown>;
  readonly goals: GoalRow[];
  readonly http: HttpRow[];
  readonly webRoutes: RouteWeight[];
  readonly details: Record<string, unknown>;
  readonly notes: string[];
}

const number = (value: number): string => value.toLocaleString('en-US');
const verdictMark = (verdict: Verdict): string =>
  verdict === 'pass' ? 'pass' : verdict === 'short' ? '**short**' : verdict;

export function markdownOf(results: Results): string {
  const { machine } = results;
  const lines = [
    '# Benchmark results: embedded profile',
    '',
    results.settings['scale'] === true
      ? `Measured ${results.measuredAt} by \`npm run bench -- --scale\` in ${Math.round(results.runSeconds)} s.`
      : `Measured ${results.measuredAt} by \`npm run bench\` in ${Math.round(results.runSeconds)} s` +
        (results.complete
          ? '.'
          : Array.isArray(results.settings['only']) && results.settings['only'].length > 0
            ? ' (partial run: BENCH_ONLY was set).'
            : ' (a part failed: see the notes).'),
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Linux ${machine.kernel}, Node ${machine.node}. ` +
      `Load average (1, 5, 15 min) ${machine.loadAverageAtStart.join(', ')} at the start and ` +
      `${machine.loadAverageAtEnd.join(', ')} at the end: the cores are shared with other work, ` +
      'and the load generator runs on the same machine as the server. ' +
      `Host speed: one core ran a fixed loop (10⁸ additions) in ${machine.speedLoopMsAtStart} ms at the start and ` +
      `${machine.speedLoopMsAtEnd} ms at the end (lower is faster; figures of runs on hosts of other speeds compare in proportion).` +
      (machine.stealPercent === undefined
        ? ''
        : ` CPU steal over the run: ${machine.stealPercent} % of the machine's time went to other guests of the host (each round's is in the JSON and the log).`) +
      (machine.ioStallPercent === undefined
        ? ''
        : ` I/O stall over the run: some task waited for storage ${machine.ioStallPercent} % of the time (a round's is given with its figures where it reached ${noticeableIoStallPercent} %: its reads did not all come from memory).`) +
      ' Cores busy: how many of the cores ran something during a round, on average, the load generator included (given with the figures of the rows at a fixed rate).',
    '',
    '| Area | Measure | Goal | Measured | Result |',
    '|---|---|---|---|---|',
    ...results.goals.map(
      (row) =>
        `| ${row.area} | ${row.measure} | ${row.goal} | ${row.measured} | ${verdictMark(row.verdict)} |`,
    ),
  ];
  if (results.http.length > 0)
    lines.push(
      '',
      '## HTTP against the ceiling',
      '',
      'autocannon `-c 100 -p 1`; a warm-up round, then the median of 3 rounds. The ceiling is a bare',
      'Fastify route in its own process answering the same bytes: the body and the headers the API',
      'added (security headers, CORS, X-Request-Id), as constants. Rounds of the ceiling and the',
      'gateway alternate, so both meet the same background load. CPU per answer is the server',
      "process's own CPU time divided by its answers: it varies less with the machine's load;",
      'instructions per answer (counted by `perf stat`, where the machine exposes the counters)',
      'vary less still: they do not grow with the contention of other work for the cores.',
      "The commands' rows split their CPU per answer by the gateway's threads (/proc, by each",
      "thread's name): the event loop (main), the projection thread, the log's writer and",
      "checkpoints, the idempotency store's writer, V8's helpers (concurrent GC, compilation).",
      "The protocol column is a bare route answering the body inside the gateway's HTTP protocol",
      '(its logger, request ids, JSON errors, security headers and CORS), as a share of the ceiling:',
      'the most a route of the API could reach. The body-alone column is a bare route answering the',
      "body with Fastify's headers only (the ceiling of the results before 2026-11-21 evening).",
      '',
      '| Endpoint | Answer bytes | Ceiling ok/s | Gateway ok/s | Ratio | Protocol alone (ok/s, share) | Body alone (ok/s, gateway share) | CPU µs per answer (gateway / protocol / ceiling / body alone) | k instructions per answer (gateway / protocol / ceiling / body alone) | p99 at max (gateway / ceiling) | p99 at rate (gateway / ceiling) |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...results.http.map(
        (row) =>
          `| ${row.endpoint} | ${number(row.answerBytes)} | ${number(row.ceilingOkPerSecond)} | ${number(row.gatewayOkPerSecond)} | ${Math.round(row.ratio * 100)} % | ${row.protocolOkPerSecond === undefined ? '–' : `${number(row.protocolOkPerSecond)}, ${Math.round((100 * row.protocolOkPerSecond) / row.ceilingOkPerSecond)} %`} | ${row.bodyOnlyOkPerSecond === undefined ? '–' : `${number(row.bodyOnlyOkPerSecond)}, ${Math.round((100 * row.gatewayOkPerSecond) / row.bodyOnlyOkPerSecond)} %`} | ${row.gatewayCpuMicros ?? '–'} / ${row.protocolCpuMicros ?? '–'} / ${row.ceilingCpuMicros ?? '–'} / ${row.bodyOnlyCpuMicros ?? '–'} | ${row.gatewayKiloInstructions ?? '–'} / ${row.protocolKiloInstructions ?? '–'} / ${row.ceilingKiloInstructions ?? '–'} / ${row.bodyOnlyKiloInstructions ?? '–'} | ${row.p99AtMaxMs} / ${row.ceilingP99AtMaxMs} ms | ${row.p99AtRateMs === undefined ? '–' : `${row.p99AtRateMs} / ${row.ceilingP99AtRateMs ?? '–'} ms at ${number(row.rate ?? 0)}/s`} |`,
      ),
    );
  if (results.webRoutes.length > 0)
    lines.push(
      '',
      '## Web routes (gzipped KiB)',
      '',
      '| Route module | Paths | Chunk (raw / gzip) | Beyond the entry | First visit JS |',
      '|---|---|---|---|---|',
      ...results.webRoutes.map(
        (route) =>
          `| ${route.module} | ${route.paths.join(', ')} | ${route.chunkKiB} / ${route.chunkGzipKiB} | ${route.extraJsGzipKiB} | ${route.firstVisitJsGzipKiB} |`,
      ),
    );
  if (results.notes.length > 0)
    lines.push('', '## Notes', '', ...results.notes.map((note) => `- ${note}`));
  return `${lines.join('\n')}\n`;
}

export function writeResults(dir: string, name: string, results: Results): string[] {
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, `${name}.json`);
  const markdown = path.join(dir, `${name}.md`);
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(markdown, markdownOf(results));
  return [json, markdown];
}
