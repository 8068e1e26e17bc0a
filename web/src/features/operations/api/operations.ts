import { graphql } from '@/graphql/gql.ts';
import type { OperationsQuery as OperationsAnswer } from '@/graphql/graphql.ts';
import { apiRequest } from '@/lib/api-client.ts';

export type OperationsStatus = OperationsAnswer['operations'];
export type ReadModelStatus = OperationsStatus['readModels'][number];
export type ReplayRun = NonNullable<OperationsStatus['replay']>;

/** The read models against the log, the last replay and the workers' queues (admins). */
export const OperationsQuery = graphql(`
  query Operations {
    operations {
      checkedAt
      head
      lagEvents
      lagMs
      readModels {
        name
        position
        lagEvents
        rebuilds
        rebuiltAt
      }
      replay {
        id
        names
        startedBy
        startedAt
        updatedAt
        state
        position
        head
        events
        error
      }
      queue {
        waiting
        active
        delayed
        failed
      }
    }
  }
`);

/** Rebuilds one read model from the log; the page follows its progress. */
export const startReplay = (_idempotencyKey: string, name: string) =>
  apiRequest<ReplayRun>('/admin/operations/replays', { method: 'POST', json: { name } });
