// The embedded log's reader thread: pages of the global log read and opened (log-reads.ts) off the
// event loop of a process that works on each page meanwhile, a replay.
import { serveJobs } from '../sqlite-writer/serve.ts';
import { logPageReader } from './log-reads.ts';

serveJobs((db) => logPageReader(db));
