import { createImageStore } from '../image-store/create-image-store.ts';
import { bootstrapCommand, bootstrapMarket } from './bootstrap.ts';
import { OperatorError, openExistingEventStore, runOperatorCommand } from './cli.ts';

// npm run bootstrap [-- --admin <e-mail>...]: the categories and the first admins (--help: usage).
await runOperatorCommand(bootstrapCommand, async ({ admins }, env) => {
  const eventStore = openExistingEventStore(env);
  let images;
  try {
    images = await createImageStore(env);
    const result = await bootstrapMarket({ eventStore, images, adminEmails: admins });
    for (const { title, categoryId, outcome } of result.categories)
      console.info(`Category ${title} (${categoryId}): ${outcome}.`);
    const problems: string[] = [];
    for (const admin of result.admins) {
      if (admin.outcome === 'promoted')
        console.info(`${admin.email} (uid ${admin.uid}) is now an admin.`);
      else if (admin.outcome === 'already admin')
        console.info(`${admin.email} (uid ${admin.uid}) was already an admin; nothing changed.`);
      else if (admin.outcome === 'not registered')
        problems.push(
          `no user registered with ${admin.email} yet: sign up with that e-mail on the site, ` +
            'then run this again (or list it in ADMIN_EMAILS before signing up)',
        );
      else problems.push(`${admin.email} cannot be made an admin: ${admin.reason}`);
    }
    if (problems.length > 0) throw new OperatorError(problems.join('; '));
  } finally {
    await images?.close();
    await eventStore.close();
  }
});
