import { refuseServerData, restoreDataFolder, typedFolder } from './backup.ts';
import { runOperatorCommand } from './cli.ts';
import { restoreCommand } from './command-line.ts';

// npm run restore -- <backup folder>: the backup into an empty DATA_DIR (--help: usage).
await runOperatorCommand(restoreCommand, async ({ folder }, env) => {
  refuseServerData(env);
  const manifest = await restoreDataFolder({ from: typedFolder(folder), dataDir: env.DATA_DIR });
  console.info(
    `Restored ${manifest.files.length} files of the backup of ${manifest.createdAt} into ${env.DATA_DIR}; the log ends at position ${manifest.eventLogHead} and passed its integrity check.`,
  );
});
