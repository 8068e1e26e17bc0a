// The writers' SQLite thread: the event log's group commit, the idempotency store's statements,
// and background checkpoints (jobs.ts), each on a connection of its own (serve.ts).
import { startJob } from './jobs.ts';
import { serveJobs } from './serve.ts';

serveJobs(startJob);
