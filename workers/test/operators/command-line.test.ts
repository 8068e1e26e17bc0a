import { describe, expect, it } from 'vitest';
import {
  auditCommand,
  promoteCommand,
  replayCommand,
  UsageError,
  type OperatorCommand,
} from '../../src/operators/command-line.ts';

const commands: [string, OperatorCommand<unknown>][] = [
  ['replay', replayCommand],
  ['audit', auditCommand],
  ['promote', promoteCommand],
];

/** The UsageError's message the command line gives. */
function usageErrorOf(command: OperatorCommand<unknown>, argv: string[]): string {
  try {
    command.parse(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`${JSON.stringify(argv)} parsed without a usage error`);
}

describe.each(commands)('the %s command line', (_, command) => {
  it('asks for the usage with --help or -h, whatever else it holds', () => {
    for (const argv of [['--help'], ['-h'], ['x@example.com', '--help'], ['a', 'b', '-h']])
      expect(command.parse(argv)).toEqual({ help: true });
  });

  it('refuses an unknown option or a value given to a flag, in one line', () => {
    expect(usageErrorOf(command, ['--bogus'])).toBe("Unknown option '--bogus'");
    expect(usageErrorOf(command, ['-x'])).toBe("Unknown option '-x'");
    expect(usageErrorOf(command, ['--help=yes'])).toBe(
      "Option '-h, --help' does not take an argument",
    );
  });

  it('has a usage text that starts with how to type it', () => {
    expect(command.usage).toMatch(new RegExp(`^Usage: ${command.name} `));
  });
});

describe('replay (npm run replay [-- <read model>...])', () => {
  it('rebuilds every read model without names, else the named ones', () => {
    expect(replayCommand.parse([])).toEqual({ help: false, args: { names: [] } });
    expect(replayCommand.parse(['bookings', 'users'])).toEqual({
      help: false,
      args: { names: ['bookings', 'users'] },
    });
  });

  it('refuses an unknown read model, naming the known ones', () => {
    expect(usageErrorOf(replayCommand, ['bookings', 'nope'])).toMatch(
      /^unknown read model "nope"; known: categories, users, sellers, /,
    );
  });

  it('lists every read model, its option and its settings in the usage', () => {
    for (const word of ['<read model>', 'bookings', '--help', 'DATA_DIR', 'EVENTSTORE_URL'])
      expect(replayCommand.usage).toContain(word);
    for (const word of ['MONGODB_URL', 'MONGODB_DB', 'REDIS_URL', 'REDIS_CHANNEL_PREFIX'])
      expect(replayCommand.usage).toContain(word);
  });
});

describe('audit (npm run audit -- <id> [--type T] [--actor A] [--json])', () => {
  it('takes one id, and --json before or after it', () => {
    expect(auditCommand.parse(['product-p1'])).toEqual({
      help: false,
      args: { id: 'product-p1', json: false, types: [], actor: undefined },
    });
    expect(auditCommand.parse(['--json', 'p1'])).toEqual({
      help: false,
      args: { id: 'p1', json: true, types: [], actor: undefined },
    });
    expect(auditCommand.parse(['p1', '--json'])).toEqual({
      help: false,
      args: { id: 'p1', json: true, types: [], actor: undefined },
    });
  });

  it('takes an e-mail as the id', () => {
    expect(auditCommand.parse(['ann@example.com'])).toEqual({
      help: false,
      args: { id: 'ann@example.com', json: false, types: [], actor: undefined },
    });
  });

  it('takes what follows -- as the id', () => {
    expect(auditCommand.parse(['--', '--json'])).toEqual({
      help: false,
      args: { id: '--json', json: false, types: [], actor: undefined },
    });
  });

  it('refuses a value given to --json', () => {
    expect(usageErrorOf(auditCommand, ['p1', '--json=yes'])).toBe(
      "Option '--json' does not take an argument",
    );
  });

  it('takes event types, repeated or separated by commas, and an actor', () => {
    expect(
      auditCommand.parse([
        'p1',
        '--type',
        'ProductReported, ReportedProductDeleted',
        '--type=ProductBooked',
        '--actor',
        'Admin@Example.com',
      ]),
    ).toEqual({
      help: false,
      args: {
        id: 'p1',
        json: false,
        types: ['ProductReported', 'ReportedProductDeleted', 'ProductBooked'],
        actor: 'Admin@Example.com',
      },
    });
  });

  it('refuses an event type that does not exist, naming the ones that do', () => {
    expect(usageErrorOf(auditCommand, ['p1', '--type', 'ProductStolen'])).toMatch(
      /^no event type ProductStolen; the types are UserRegistered, .*BookingExpired/,
    );
  });

  it('refuses a blank actor', () => {
    expect(usageErrorOf(auditCommand, ['p1', '--actor', ' '])).toBe(
      '--actor needs a uid or an e-mail',
    );
  });

  it('refuses no id, a blank one, or two', () => {
    expect(usageErrorOf(auditCommand, [])).toMatch(/^which history\?/);
    expect(usageErrorOf(auditCommand, [' '])).toMatch(/^which history\?/);
    expect(usageErrorOf(auditCommand, ['p1', 'p2'])).toBe('one id at a time, not 2: p1 p2');
  });

  it('lists its argument, options and settings in the usage', () => {
    for (const word of [
      '<stream id | entity id | e-mail>',
      '--type',
      '--actor',
      '--json',
      'DATA_DIR',
    ])
      expect(auditCommand.usage).toContain(word);
    expect(auditCommand.usage).toContain('EVENTSTORE_URL');
  });
});

describe('promote (npm run promote -- <e-mail>)', () => {
  it('takes one e-mail', () => {
    expect(promoteCommand.parse(['Ann@Example.com'])).toEqual({
      help: false,
      args: { email: 'Ann@Example.com' },
    });
  });

  it('refuses no e-mail, two, or something that is not one', () => {
    expect(usageErrorOf(promoteCommand, [])).toMatch(/^whom\?/);
    expect(usageErrorOf(promoteCommand, ['a@x.org', 'b@x.org'])).toBe(
      'one e-mail at a time, not 2: a@x.org b@x.org',
    );
    expect(usageErrorOf(promoteCommand, ['ann'])).toBe('"ann" is not an e-mail');
  });

  it('lists its argument, option and settings in the usage', () => {
    for (const word of ['<e-mail>', '--help', 'DATA_DIR', 'EVENTSTORE_URL'])
      expect(promoteCommand.usage).toContain(word);
  });
});
