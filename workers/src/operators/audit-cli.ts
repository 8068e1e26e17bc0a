import { auditHistory, formatAuditTable, isEmail } from './audit.ts';
import { openExistingEventStore, runOperatorCommand } from './cli.ts';
import { auditCommand } from './command-line.ts';

// npm run audit -- <stream id, entity id or e-mail> [--json]: that history, in log order
// (--help: usage).
await runOperatorCommand(auditCommand, async ({ id, json }, env) => {
  const eventStore = openExistingEventStore(env);
  try {
    const entries = await auditHistory(eventStore, id);
    if (json) console.info(JSON.stringify(entries, null, 2));
    else if (entries.length === 0)
      console.info(
        isEmail(id)
          ? `No user registered with the e-mail ${id}.`
          : `No events for "${id}" (tried it as a stream id and as an entity id).`,
      );
    else console.info(formatAuditTable(entries));
  } finally {
    await eventStore.close();
  }
});
