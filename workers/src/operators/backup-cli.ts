import { backupDataFolder, refuseServerData, typedFolder } from './backup.ts';
import { runOperatorCommand } from './cli.ts';
import { backupCommand } from './command-line.ts';

// npm run backup -- <new folder>: a consistent copy of DATA_DIR while it serves (--help: usage).
await runOperatorCommand(backupCommand, async ({ folder }, env) => {
  refuseServerData(env);
  const to = typedFolder(folder);
  const manifest = await backupDataFolder({ dataDir: env.DATA_DIR, to });
  const mebibytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0) / 1_048_576;
  console.info(
    `Backed up ${env.DATA_DIR} into ${to} in ${manifest.seconds} s: ${manifest.files.length} files, ${mebibytes.toFixed(1)} MiB, the log up to position ${manifest.eventLogHead}.`,
  );
});
