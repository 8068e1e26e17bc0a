// `npm run backup`'s copy of DATA_DIR into BACKUP_TO, in a process of its own as an operator runs
// it: the copy (SQLite's VACUUM INTO) holds the event loop of the process that makes it, which must
// not be the one measuring the gateway meanwhile. Sends the manifest to the parent over IPC.
import { backupDataFolder } from '@resale/workers/operators/backup';

const dataDir = process.env['DATA_DIR'];
const to = process.env['BACKUP_TO'];
if (!dataDir || !to) throw new Error('DATA_DIR and BACKUP_TO are required');
const manifest = await backupDataFolder({ dataDir, to });
if (process.send) process.send({ type: 'result', value: manifest });
else console.info(JSON.stringify(manifest));
