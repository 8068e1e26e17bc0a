import { auditHistory, filterAudit, formatAuditTable, isEmail } from './audit.ts';
import { openExistingEventStore, runOperatorCommand } from './cli.ts';
import { auditCommand } from './command-line.ts';

// npm run audit -- <stream id, entity id or e-mail> [--type T] [--actor A] [--json]: that
// history, in log order (--help: usage).
await runOperatorCommand(auditCommand, async ({ id, json, types, actor }, env) => {
  const eventStore = openExistingEventStore(env);
  try {
    const history = await auditHistory(eventStore, id);
    const entries = filterAudit(history, { types, actor });
    if (json) console.info(JSON.stringify(entries, null, 2));
    else if (history.length === 0)
      console.info(
        isEmail(id)
          ? `No user registered with the e-mail ${id}.`
          : `No events for "${id}" (tried it as a stream id and as an entity id).`,
      );
    else if (entries.length === 0)
      console.info(`None of the ${history.length} events of "${id}" matches the filters.`);
    else console.info(formatAuditTable(entries));
  } finally {
    await eventStore.close();
  }
});
