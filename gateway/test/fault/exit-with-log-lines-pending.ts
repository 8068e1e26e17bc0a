// A gateway's logger with log lines still pending when the process exits, its output gone: run
// by logged-requests.test.ts with its stdout closed.
import Fastify from 'fastify';
import { serverOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

const app = Fastify(serverOptions(loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/tmp/unused' })));
// The first line is being written as the process exits; the second waits behind it.
app.log.warn('first');
app.log.warn('second');
process.exit(3);
