import type Database from 'better-sqlite3';

/** A value a statement binds, as SQLite stores it. */
export type SqlValue = string | number | bigint | null;

/** One statement of a batch, named as in the statements the committer was made with. */
export interface Step {
  readonly statement: string;
  readonly params: readonly SqlValue[];
}

/**
 * Returns commit(steps): runs the steps in order in one IMMEDIATE transaction, so that a batch
 * is durable as a whole (one fsync under synchronous=FULL) or not at all. Throws when the
 * transaction fails: then nothing of the batch is written.
 */
export function statementsCommitter(
  db: Database.Database,
  statements: Readonly<Record<string, string>>,
): (steps: readonly Step[]) => null {
  const prepared = new Map(
    Object.entries(statements).map(([name, sql]) => [name, db.prepare<SqlValue[]>(sql)]),
  );
  const commit = db.transaction((steps: readonly Step[]) => {
    for (const step of steps) {
      const statement = prepared.get(step.statement);
      if (!statement) throw new Error(`No statement is named ${step.statement}`);
      statement.run(...step.params);
    }
  });
  return (steps) => {
    commit.immediate(steps);
    return null;
  };
}
