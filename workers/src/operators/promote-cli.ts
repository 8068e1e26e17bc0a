import { createEventStore, DomainError } from '@resale/events';
import { workerEnvironment } from './environment.ts';
import { promoteUserByEmail, UnknownUserError } from './promote.ts';

// npm run promote -- <e-mail>: makes that registered user an admin.
const emails = process.argv.slice(2).filter((arg) => arg !== '--');
if (emails.length !== 1) {
  console.error('Usage: npm run promote -- <e-mail of a registered user>');
  process.exit(2);
}
const email = emails[0] ?? '';

const eventStore = await createEventStore(workerEnvironment());
try {
  const { uid, appended, position } = await promoteUserByEmail(eventStore, email);
  console.info(
    appended
      ? `${email} (uid ${uid}) is now an admin (log position ${position}).`
      : `${email} (uid ${uid}) was already an admin; nothing changed.`,
  );
} catch (error) {
  if (error instanceof UnknownUserError || error instanceof DomainError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await eventStore.close();
}
