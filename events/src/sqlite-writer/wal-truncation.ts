import Database from 'better-sqlite3';

/** How many times, growing further apart, a truncation waits for the readers holding the WAL. */
const truncationAttempts = 10;

/**
 * Copies the WAL of `db`'s file into the file and empties it, so that no page of it as it was
 * survives in the -wal file (erasure: an overwritten or deleted row's old bytes). A reader on an
 * older snapshot keeps the WAL from being emptied: tried again a moment later, between attempts
 * rather than in SQLite's busy handler, which would hold the event loop. Resolves false when the
 * readers held it through every attempt.
 */
export async function truncateWal(db: Database.Database): Promise<boolean> {
  const busyTimeout = db.pragma('busy_timeout', { simple: true });
  for (let attempt = 1; attempt <= truncationAttempts; attempt++) {
    db.pragma('busy_timeout = 0');
    let busy: boolean;
    try {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      busy = result?.busy !== 0;
    } catch (error) {
      if (!(error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')))
        throw error;
      busy = true;
    } finally {
      db.pragma(`busy_timeout = ${Number(busyTimeout)}`);
    }
    if (!busy) return true;
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
  return false;
}
