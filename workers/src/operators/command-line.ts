import { parseArgs, type ParseArgsConfig } from 'node:util';
import { eventTypes, isKnownEventType } from '@resale/events';
import { isReadModelName, readModelNames, type ReadModelName } from '../read-models.ts';

/** A command line the command cannot run: exit code 2, one line, and where the usage is. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** What a command line asks for: the usage text, or a run with these arguments. */
export type CommandLine<A> = { readonly help: true } | { readonly help: false; readonly args: A };

/** An operator command: its name as typed, its usage text, and its argument parser. */
export interface OperatorCommand<A> {
  /** `npm run audit`: what the operator types, used in messages. */
  readonly name: string;
  readonly usage: string;
  /** Throws UsageError for a command line it cannot run. */
  parse(argv: readonly string[]): CommandLine<A>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

interface Parsed {
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
  readonly positionals: readonly string[];
}

/**
 * node:util parseArgs, strict (an unknown option, or a value given to a flag, is a UsageError),
 * with -h/--help added. `--` ends the options: what follows is positional.
 */
export function parseStrict(argv: readonly string[], options: Options): Parsed | 'help' {
  let parsed: Parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_'))
      // Its first sentence: "Unknown option '--x'", "Option '--json' does not take an argument".
      throw new UsageError((error as Error).message.split('. ')[0] ?? code);
    throw error;
  }
  return parsed.values['help'] === true ? 'help' : parsed;
}

/** The settings of the commands that read the event log alone, as their usage states them. */
const eventLogEnvironment = `Environment:
  DATA_DIR        folder of the embedded event log (events.sqlite3); default ./data in the
                  folder npm was run from. Without an event log there the command stops
                  and creates nothing.
  EVENTSTORE_URL  an EventStoreDB or KurrentDB (kurrentdb://...) to use instead of DATA_DIR
  LOG_LEVEL       fatal, error, warn, info (default), debug, trace or silent: the
                  diagnostics, JSON lines on stderr`;

export interface ReplayArgs {
  /** The read models to rebuild; empty: every one. */
  readonly names: readonly ReadModelName[];
}

export const replayCommand: OperatorCommand<ReplayArgs> = {
  name: 'npm run replay',
  usage: `Usage: npm run replay [-- <read model>...]

Rebuilds every read model, or the named ones, from position 0 of the event log beside the live
ones, then swaps them in. A running marketplace keeps running; its clients refetch.

Arguments:
  <read model>  one of ${readModelNames.join(', ')}
                (default: every one; a derived read model is rebuilt with its source)

Options:
  -h, --help    print this text

Environment:
  DATA_DIR              folder of the embedded event log (events.sqlite3) and read models
                        (read-models.sqlite3); default ./data in the folder npm was run from.
                        Without an event log there the command stops and creates nothing.
  EVENTSTORE_URL        an EventStoreDB or KurrentDB (kurrentdb://...) to read the log from instead of DATA_DIR
  MONGODB_URL           a MongoDB whose read models to rebuild instead of DATA_DIR's
  MONGODB_DB            that MongoDB's database (default resale)
  REDIS_URL             a distributed deployment's Redis: the rebuilt read models are announced
                        there, so that its gateways tell their clients to refetch
  REDIS_CHANNEL_PREFIX  the gateways' channel prefix on that Redis
  LOG_LEVEL             fatal, error, warn, info (default), debug, trace or silent: the
                        diagnostics, JSON lines on stderr

Examples:
  npm run replay
  npm run replay -- bookings users`,
  parse(argv) {
    const parsed = parseStrict(argv, {});
    if (parsed === 'help') return { help: true };
    const unknown = parsed.positionals.filter((name) => !isReadModelName(name));
    if (unknown.length > 0)
      throw new UsageError(
        `unknown read model${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}; ` +
          `known: ${readModelNames.join(', ')}`,
      );
    return { help: false, args: { names: parsed.positionals.filter(isReadModelName) } };
  },
};

export interface AuditArgs {
  /** A stream id, an entity id or a user's e-mail. */
  readonly id: string;
  readonly json: boolean;
  /** Only events of these types; empty: every type. */
  readonly types: readonly string[];
  /** Only events whose actor has this uid or e-mail. */
  readonly actor: string | undefined;
}

export const auditCommand: OperatorCommand<AuditArgs> = {
  name: 'npm run audit',
  usage: `Usage: npm run audit -- <stream id | entity id | e-mail> [--type T[,T...]] [--actor A] [--json]

Prints the history behind an id in log order: position, time, stream@revision, type, actor,
what happened in plain words and payload of each event. A stream id (product-p1) gives that stream; an entity id (p1) every
stream of that id (user-, seller-, product-, booking-, category-); a user's e-mail (any case)
every stream of the user registered with it.

Arguments:
  <stream id | entity id | e-mail>  what to audit

Options:
  --type T      only events of type T (ProductBooked, UserDeleted, ...); repeat it or separate
                types with commas for several
  --actor A     only events done by the user with uid or e-mail A (any case)
  --json        the events as a JSON array instead of a table
  -h, --help    print this text

${eventLogEnvironment}

Examples:
  npm run audit -- product-p1
  npm run audit -- p1 --json
  npm run audit -- ann@example.com
  npm run audit -- p1 --type ProductReported,ReportedProductDeleted --actor admin@example.com`,
  parse(argv) {
    const parsed = parseStrict(argv, {
      json: { type: 'boolean' },
      type: { type: 'string', multiple: true },
      actor: { type: 'string' },
    });
    if (parsed === 'help') return { help: true };
    const [id, ...more] = parsed.positionals;
    if (id === undefined || id.trim() === '')
      throw new UsageError('which history? Give a stream id, an entity id or an e-mail');
    if (more.length > 0)
      throw new UsageError(
        `one id at a time, not ${parsed.positionals.length}: ${parsed.positionals.join(' ')}`,
      );
    const types = stringsOf(parsed.values['type'])
      .flatMap((value) => value.split(','))
      .map((type) => type.trim())
      .filter((type) => type !== '');
    const unknown = types.filter((type) => !isKnownEventType(type));
    if (unknown.length > 0)
      throw new UsageError(
        `no event type ${unknown.join(', ')}; the types are ${eventTypes.join(', ')}`,
      );
    const actor = stringsOf(parsed.values['actor'])[0]?.trim();
    if (actor === '') throw new UsageError('--actor needs a uid or an e-mail');
    return {
      help: false,
      args: { id: id.trim(), json: parsed.values['json'] === true, types, actor },
    };
  },
};

/** An option's string values (a `multiple` option's list, or a single value). */
const stringsOf = (value: Parsed['values'][string]): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string',
  );

export interface PromoteArgs {
  readonly email: string;
}

export const promoteCommand: OperatorCommand<PromoteArgs> = {
  name: 'npm run promote',
  usage: `Usage: npm run promote -- <e-mail>

Makes the user registered with that e-mail an admin: appends UserPromoted to the user's stream,
with the system as its actor. A running gateway applies it within about a second. Promoting an
admin changes nothing.

Arguments:
  <e-mail>      the e-mail the user registered with (any case)

Options:
  -h, --help    print this text

${eventLogEnvironment}

Example:
  npm run promote -- ann@example.com`,
  parse(argv) {
    const parsed = parseStrict(argv, {});
    if (parsed === 'help') return { help: true };
    const [email, ...more] = parsed.positionals;
    if (email === undefined) throw new UsageError('whom? Give the e-mail of a registered user');
    if (more.length > 0)
      throw new UsageError(
        `one e-mail at a time, not ${parsed.positionals.length}: ${parsed.positionals.join(' ')}`,
      );
    if (!email.includes('@')) throw new UsageError(`"${email}" is not an e-mail`);
    return { help: false, args: { email } };
  },
};

export interface BackupArgs {
  /** The folder to make, as typed (relative to where npm was run). */
  readonly folder: string;
}

const embeddedOnly = `Environment:
  DATA_DIR  the embedded profile's data folder; default ./data in the folder npm was run from
  LOG_LEVEL fatal, error, warn, info (default), debug, trace or silent: the diagnostics, JSON
            lines on stderr
With EVENTSTORE_URL or MONGODB_URL set the data is in those servers: back them up with their own
tools (README, "Backup and restore"); the command refuses.`;

/** One folder argument, for backup and restore. */
function folderArgument(argv: readonly string[], what: string): CommandLine<BackupArgs> {
  const parsed = parseStrict(argv, {});
  if (parsed === 'help') return { help: true };
  const [folder, ...more] = parsed.positionals;
  if (folder === undefined || folder === '') throw new UsageError(`which folder? Give ${what}`);
  if (more.length > 0) throw new UsageError(`one folder, not ${parsed.positionals.length}`);
  return { help: false, args: { folder } };
}

export const backupCommand: OperatorCommand<BackupArgs> = {
  name: 'npm run backup',
  usage: `Usage: npm run backup -- <new folder>

Copies the data folder (event log, read models, idempotency answers, images, token secret,
the Auth emulator's accounts) into a new folder while the marketplace keeps serving: each
database is copied as one consistent moment, the read models and answers before the log, so the
copy never holds an answer or a read model ahead of its log. The folder gets backup.json with
each file's size and SHA-256 and the log's last position.

Arguments:
  <new folder>  where the copy goes; it must not exist

Options:
  -h, --help    print this text

${embeddedOnly}

Example:
  npm run backup -- backups/2026-11-26`,
  parse: (argv) => folderArgument(argv, 'the new folder to copy the data into'),
};

export const restoreCommand: OperatorCommand<BackupArgs> = {
  name: 'npm run restore',
  usage: `Usage: npm run restore -- <backup folder>

Restores a backup made by npm run backup into DATA_DIR, which must hold no event log (stop the
marketplace and move the old folder aside first). Every file is checked against backup.json
before anything is copied, and the restored log's integrity after. Start the marketplace on it:
the read models catch up from where the copy left them.

Arguments:
  <backup folder>  a folder npm run backup made

Options:
  -h, --help       print this text

${embeddedOnly}

Example:
  DATA_DIR=data-restored npm run restore -- backups/2026-11-26`,
  parse: (argv) => folderArgument(argv, 'the backup folder to restore'),
};
