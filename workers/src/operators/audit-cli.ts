import { createEventStore } from '@resale/events';
import { auditHistory, formatAuditTable } from './audit.ts';
import { workerEnvironment } from './environment.ts';

// npm run audit -- <stream id or entity id> [--json]: that history, in log order.
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const json = args.includes('--json');
const ids = args.filter((arg) => !arg.startsWith('--'));
if (ids.length !== 1) {
  console.error('Usage: npm run audit -- <stream id or entity id> [--json]');
  console.error('  e.g. npm run audit -- product-p1    npm run audit -- p1 --json');
  process.exit(2);
}
const id = ids[0] ?? '';

const eventStore = await createEventStore(workerEnvironment());
try {
  const entries = await auditHistory(eventStore, id);
  if (json) console.info(JSON.stringify(entries, null, 2));
  else if (entries.length === 0)
    console.info(`No events for "${id}" (tried it as a stream id and as an entity id).`);
  else console.info(formatAuditTable(entries));
} finally {
  await eventStore.close();
}
