import { DomainError } from '@resale/events';
import { OperatorError, openExistingEventStore, runOperatorCommand } from './cli.ts';
import { promoteCommand } from './command-line.ts';
import { promoteUserByEmail, UnknownUserError } from './promote.ts';

// npm run promote -- <e-mail>: makes that registered user an admin (--help: usage).
await runOperatorCommand(promoteCommand, async ({ email }, env) => {
  const eventStore = openExistingEventStore(env);
  try {
    const { uid, appended, position } = await promoteUserByEmail(eventStore, email);
    console.info(
      appended
        ? `${email} (uid ${uid}) is now an admin (log position ${position}).`
        : `${email} (uid ${uid}) was already an admin; nothing changed.`,
    );
  } catch (error) {
    if (error instanceof UnknownUserError || error instanceof DomainError)
      throw new OperatorError(error.message);
    throw error;
  } finally {
    await eventStore.close();
  }
});
