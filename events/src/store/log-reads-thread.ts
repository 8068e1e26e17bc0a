// The embedded log's reader thread: pages of the global log and streams read and opened
// (log-reads.ts) off the event loop of a process that works meanwhile: a replay on each page, a
// gateway on other requests.
import { serveJobs } from '../sqlite-writer/serve.ts';
import { logReader } from './log-reads.ts';

serveJobs((db) => logReader(db));
