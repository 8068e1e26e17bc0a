// A consistent copy of the embedded profile's data folder while the marketplace serves, and its
// restore into an empty folder.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { EmbeddedEventStore, embeddedEventStoreFile } from '@resale/events';
import { OperatorError } from './cli.ts';
import type { WorkerEnvironment } from './environment.ts';

/**
 * The SQLite files, in the order they are copied. Each copy is a snapshot of one moment (VACUUM
 * INTO reads in one transaction, beside the live writers), and each later file is taken later:
 * the read models and the idempotency answers are never ahead of the log they come with. A read
 * model behind it catches up when the marketplace starts on the copy; a command whose answer
 * was kept after the idempotency copy is decided again on a retry, as when its key could not
 * be saved. Images are copied after the log, so every image an event names is in the copy.
 */
const sqliteFiles = ['read-models.sqlite3', 'idempotency.sqlite', 'events.sqlite3'] as const;
/** Plain files and folders copied as they are: uploads, the token secret, the Auth emulator's. */
const otherEntries = ['images', 'access-token-secret', 'auth'] as const;
const manifestName = 'backup.json';

export interface BackupFile {
  /** Path inside the data folder, with '/' between folders. */
  readonly name: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface BackupManifest {
  readonly format: 1;
  readonly createdAt: string;
  /** The log's last position in the copy. */
  readonly eventLogHead: number;
  readonly seconds: number;
  readonly files: readonly BackupFile[];
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `dir`, as paths relative to it with '/' between folders. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, name) : entry.isFile() ? [name] : [];
  });
}

function snapshotSqlite(source: string, target: string): void {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
}

/**
 * Copies the data folder into `to` (which must not exist yet) while it may be in use: through a
 * temporary folder renamed into place, so a backup is whole or absent. Answers the manifest it
 * wrote beside the files (their sizes and SHA-256, the log's head).
 */
export async function backupDataFolder(options: {
  readonly dataDir: string;
  readonly to: string;
  readonly now?: () => Date;
}): Promise<BackupManifest> {
  const { dataDir, to, now = () => new Date() } = options;
  if (!existsSync(embeddedEventStoreFile(dataDir)))
    throw new OperatorError(`No event log in ${dataDir} (DATA_DIR): nothing to back up`);
  if (existsSync(to)) throw new OperatorError(`${to} exists already: back up into a new folder`);
  const started = performance.now();
  const partial = `${to}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    for (const name of sqliteFiles) {
      const source = path.join(dataDir, name);
      if (existsSync(source)) snapshotSqlite(source, path.join(partial, name));
    }
    for (const name of otherEntries) {
      const source = path.join(dataDir, name);
      if (existsSync(source)) cpSync(source, path.join(partial, name), { recursive: true });
    }
    const log = new Database(path.join(partial, 'events.sqlite3'), { readonly: true });
    const eventLogHead = log.prepare('SELECT coalesce(max(position), 0) FROM events').pluck().get();
    log.close();
    const files: BackupFile[] = [];
    for (const name of filesUnder(partial))
      files.push({
        name,
        bytes: statSync(path.join(partial, name)).size,
        sha256: await sha256Of(path.join(partial, name)),
      });
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now().toISOString(),
      eventLogHead: typeof eventLogHead === 'number' ? eventLogHead : 0,
      seconds: Math.round(performance.now() - started) / 1_000,
      files,
    };
    writeFileSync(path.join(partial, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, to);
    return manifest;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

function readManifest(from: string): BackupManifest {
  const file = path.join(from, manifestName);
  if (!existsSync(file))
    throw new OperatorError(
      `${from} holds no ${manifestName}: it is not a backup of this marketplace`,
    );
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<BackupManifest>;
  if (manifest.format !== 1 || !Array.isArray(manifest.files))
    throw new OperatorError(`${file} is not a backup manifest this version reads`);
  return manifest as BackupManifest;
}

/**
 * Restores a backup into `dataDir`, which must hold no event log: every file is checked against
 * the manifest before anything is copied, and the restored log's integrity after.
 */
export async function restoreDataFolder(options: {
  readonly from: string;
  readonly dataDir: string;
}): Promise<BackupManifest> {
  const { from, dataDir } = options;
  const manifest = readManifest(from);
  if (existsSync(embeddedEventStoreFile(dataDir)))
    throw new OperatorError(
      `${dataDir} (DATA_DIR) holds an event log already: restore into an empty folder`,
    );
  for (const file of manifest.files) {
    const source = path.join(from, ...file.name.split('/'));
    if (!existsSync(source) || statSync(source).size !== file.bytes)
      throw new OperatorError(`${file.name} is missing from the backup or has another size`);
    if ((await sha256Of(source)) !== file.sha256)
      throw new OperatorError(`${file.name} in the backup differs from when it was made`);
  }
  mkdirSync(dataDir, { recursive: true });
  // The log goes last: a restore stopped half-way leaves no log, so it can be run again.
  const logLast = [...manifest.files].sort(
    (a, b) => Number(a.name === 'events.sqlite3') - Number(b.name === 'events.sqlite3'),
  );
  for (const file of logLast) {
    const target = path.join(dataDir, ...file.name.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(from, ...file.name.split('/')), target);
  }
  const store = new EmbeddedEventStore({ file: embeddedEventStoreFile(dataDir) });
  try {
    const report = store.integrityCheck();
    if (!report.ok)
      throw new OperatorError(
        `The restored event log fails its check: ${report.problems.join('; ')}`,
      );
    const head = await store.headPosition();
    if (head !== manifest.eventLogHead)
      throw new OperatorError(
        `The restored event log ends at ${head}, the backup says ${manifest.eventLogHead}`,
      );
  } finally {
    await store.close();
  }
  return manifest;
}

/** Refuses settings that put the data in servers (EventStoreDB, MongoDB): their tools copy it. */
export function refuseServerData(
  env: Pick<WorkerEnvironment, 'EVENTSTORE_URL' | 'MONGODB_URL'>,
): void {
  const set = [env.EVENTSTORE_URL && 'EVENTSTORE_URL', env.MONGODB_URL && 'MONGODB_URL'].filter(
    Boolean,
  );
  if (set.length > 0)
    throw new OperatorError(
      `${set.join(' and ')} ${set.length > 1 ? 'name' : 'names'} servers whose data this command cannot copy: back them up with their own tools (README, "Backup and restore")`,
    );
}

/** A folder as the operator typed it, from where npm was run (npm runs scripts elsewhere). */
export const typedFolder = (folder: string): string =>
  path.resolve(process.env['INIT_CWD'] ?? process.cwd(), folder);
