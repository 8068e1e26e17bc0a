// SQLite threads: one connection each, off the event loop, running one of the jobs of jobs.ts.
export { durabilityProblems, type ConnectionSettings } from './connection.ts';
export type { JobAnswer, JobKind, JobRequest, JobSpec } from './jobs.ts';
export type { ThreadSettings } from './protocol.ts';
export {
  SqliteThread,
  SqliteThreadError,
  startSqliteThread,
  type SqliteThreadOptions,
} from './sqlite-thread.ts';
export { statementsCommitter, type SqlValue, type Step } from './statements.ts';
export { truncateWal } from './wal-truncation.ts';
