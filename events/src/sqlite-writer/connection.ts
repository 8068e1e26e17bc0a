import Database from 'better-sqlite3';

/** How a SQLite thread opens its own connection to a database file. */
export interface ConnectionSettings {
  readonly file: string;
  /** Refuse to create the file: it belongs to a store that created and set it up already. */
  readonly fileMustExist: boolean;
  /** Pragmas set in this order, as SQLite takes them: `synchronous = FULL`. */
  readonly pragmas: readonly string[];
  /** Refuse to serve unless the connection is durable (see durabilityProblems). */
  readonly requireDurable: boolean;
}

/** The reasons a connection is not durable enough to hold the log; empty when it is. */
export function durabilityProblems(db: Database.Database): string[] {
  const problems: string[] = [];
  const journalMode: unknown = db.pragma('journal_mode', { simple: true });
  if (journalMode !== 'wal') problems.push(`journal_mode is ${String(journalMode)}, not wal`);
  const synchronous: unknown = db.pragma('synchronous', { simple: true });
  // 2 is FULL; 3 (EXTRA) would be stricter still and is accepted.
  if (typeof synchronous !== 'number' || synchronous < 2)
    problems.push(`synchronous is ${String(synchronous)}, not FULL (2)`);
  return problems;
}

/** Opens the connection `settings` describe; closes it again if it cannot be set up. */
export function openConnection(settings: ConnectionSettings): Database.Database {
  const db = new Database(settings.file, { fileMustExist: settings.fileMustExist });
  try {
    for (const pragma of settings.pragmas) db.pragma(pragma);
    const problems = settings.requireDurable ? durabilityProblems(db) : [];
    if (problems.length > 0)
      throw new Error(`writer connection not durable: ${problems.join('; ')}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
