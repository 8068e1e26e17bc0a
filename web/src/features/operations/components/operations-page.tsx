import { useEffect } from 'react';
import { useQuery } from 'urql';
import { Badge } from '@/components/ui/badge.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { LoadState } from '@/components/ui/load-state.tsx';
import { useCommand } from '@/lib/use-command.ts';
import {
  OperationsQuery,
  startReplay,
  type OperationsStatus,
  type ReplayRun,
} from '../api/operations.ts';
import '../operations.css';

/**
 * How often the page asks again. Polled rather than pushed: the figures change with every event
 * the log takes, and the page wants a reading every few seconds, not one per event.
 */
export const OPERATIONS_REFRESH_MS = 2_000;

const count = (value: number) => value.toLocaleString('en');

/** "1.2 s", "350 ms": how long the oldest waiting event has waited. */
const duration = (ms: number) => (ms >= 1_000 ? `${(ms / 1_000).toFixed(1)} s` : `${ms} ms`);

const stateTone = { running: 'info', swapped: 'success', failed: 'danger' } as const;

function Replay({ run }: { run: ReplayRun | null | undefined }) {
  if (!run) return <p>No replay has run yet.</p>;
  const total = Math.max(run.head, run.position, 1);
  const percent = Math.floor((run.position / total) * 100);
  const state = run.state as keyof typeof stateTone;
  return (
    <div className="operations-replay">
      <p>
        <Badge tone={stateTone[state] ?? 'neutral'}>{run.state}</Badge> {run.names.join(', ')},
        started by{' '}
        {run.startedBy === 'command line' ? 'the command line' : `admin ${run.startedBy}`} at{' '}
        {new Date(run.startedAt).toLocaleTimeString('en')}
      </p>
      <label className="operations-replay__bar">
        <span>
          {count(run.position)} of {count(run.head)} ({percent}%), {count(run.events)} events
        </span>
        <progress max={total} value={run.position} aria-label="Replay progress" />
      </label>
      {run.error && <p className="operations-replay__error">{run.error}</p>}
    </div>
  );
}

function Queue({ queue }: { queue: OperationsStatus['queue'] }) {
  if (!queue)
    return <p>Not applicable: the embedded profile projects in process, without queues.</p>;
  return (
    <dl className="operations-figures">
      <div>
        <dt>Waiting</dt>
        <dd>{count(queue.waiting)}</dd>
      </div>
      <div>
        <dt>Active</dt>
        <dd>{count(queue.active)}</dd>
      </div>
      <div>
        <dt>Delayed</dt>
        <dd>{count(queue.delayed)}</dd>
      </div>
      <div>
        <dt>Failed jobs</dt>
        <dd>{count(queue.failed)}</dd>
      </div>
    </dl>
  );
}

/** The admins' operations page: read-model lag, replays, queues; refreshed every few seconds. */
export function OperationsPage() {
  const [{ data, error }, reexecute] = useQuery({
    query: OperationsQuery,
    requestPolicy: 'network-only',
  });
  useEffect(() => {
    const timer = setInterval(
      () => reexecute({ requestPolicy: 'network-only' }),
      OPERATIONS_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [reexecute]);
  const [rebuild, busy] = useCommand(startReplay, (name: string) => `Rebuilding ${name}…`);

  const status = data?.operations;
  if (!status)
    return (
      <section className="operations">
        <h2>Operations</h2>
        <LoadState
          what="Operations"
          error={error}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      </section>
    );
  const running = status.replay?.state === 'running';
  return (
    <section className="operations">
      <h2>Operations</h2>
      <dl className="operations-figures" aria-label="Lag">
        <div>
          <dt>Log head</dt>
          <dd>{count(status.head)}</dd>
        </div>
        <div>
          <dt>Lag</dt>
          <dd>{count(status.lagEvents)} events</dd>
        </div>
        <div>
          <dt>Oldest waiting</dt>
          <dd>{duration(status.lagMs)}</dd>
        </div>
      </dl>
      <h3>Read models</h3>
      <DataTable
        rows={status.readModels.map((model) => ({ ...model, _id: model.name }))}
        columns={[
          { header: 'Read model', cell: (model) => model.name },
          { header: 'Position', cell: (model) => count(model.position) },
          { header: 'Behind', cell: (model) => `${count(model.lagEvents)} events` },
          {
            header: 'Rebuilt',
            cell: (model) =>
              model.rebuiltAt === null || model.rebuiltAt === undefined
                ? 'never'
                : `${model.rebuilds}×, last at ${count(model.rebuiltAt)}`,
          },
          {
            header: 'Replay',
            cell: (model) => (
              <button
                type="button"
                className="button button--small button--outline"
                disabled={busy || running}
                onClick={() => void rebuild(model.name)}
              >
                Rebuild {model.name}
              </button>
            ),
          },
        ]}
      />
      <h3>Replay</h3>
      <Replay run={status.replay} />
      <h3>Queues</h3>
      <Queue queue={status.queue} />
      <p className="operations__checked">
        Checked at {new Date(status.checkedAt).toLocaleTimeString('en')}
      </p>
    </section>
  );
}
