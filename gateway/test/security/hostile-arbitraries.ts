import fc from 'fast-check';

/**
 * fast-check generators of hostile HTTP input: wrong types, missing fields, huge strings,
 * unicode, prototype-pollution keys and Mongo operators, in bodies, params and query strings.
 * Objects are kept as lists of entries and written out by hand, so keys such as `__proto__`
 * reach the server as text (a JavaScript object literal would swallow them).
 */

export const pollutionKeys = ['__proto__', 'constructor', 'prototype'] as const;
export const mongoOperators = ['$gt', '$ne', '$where', '$regex', '$expr', '$set', '$in'] as const;

/** A JSON value whose objects may repeat keys and use any key. */
export type HostileJson =
  | string
  | number
  | boolean
  | null
  | { readonly array: readonly HostileJson[] }
  | { readonly entries: readonly (readonly [string, HostileJson])[] };

export function toJsonText(value: HostileJson): string {
  // JSON.stringify writes null for these; as text they parse to ±Infinity.
  if (value === Infinity) return '1e309';
  if (value === -Infinity) return '-1e309';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if ('array' in value) return `[${value.array.map(toJsonText).join(',')}]`;
  return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
}

/** Percent-encodes any string, lone surrogates included (encodeURIComponent throws on those). */
export const percentEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const specialStrings = [
  '',
  ' ',
  ...pollutionKeys,
  ...mongoOperators,
  '{"$gt":""}',
  "this.constructor.constructor('return process')().exit()",
  'sleep(5000)',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fpackage.json',
  '%2e%2e%2f%2e%2e%2f',
  '\u0000',
  '%00',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR '1'='1",
  '"; DROP TABLE events; --',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '0x10',
  'true',
  'admin',
  '🙂🙃',
  'e\u0301\u0301\u0301',
  '\u202egnp.exe',
  '\ud800',
  'Ω≈ç√∫',
  'x@example.test',
  'X@EXAMPLE.TEST',
  'a'.repeat(129),
];

/** Strings that break assumptions: unicode of every kind, operators, traversal, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...specialStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  // Past every field's limit, and (70 kB) past the JSON body limit.
  {
    weight: 1,
    arbitrary: fc.constantFrom(5_001, 70_000).map((length) => 'x'.repeat(length)),
  },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, Infinity, -Infinity, 2 ** 53 + 1, 1e-320, 0.5),
  fc.double(),
);

export const hostileKey = (fields: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pollutionKeys, ...mongoOperators) },
    ...(fields.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...fields) }] : []),
    {
      weight: 1,
      arbitrary: fc.constantFrom('hasOwnProperty', 'toString', 'valueOf', '__defineGetter__'),
    },
    { weight: 1, arbitrary: hostileString },
  );

/** A polluting object: `{"__proto__": {"polluted": ...}}` and `constructor.prototype` forms. */
const pollutingObject: fc.Arbitrary<HostileJson> = fc
  .tuple(
    fc.constantFrom('polluted', 'isAdmin', 'role'),
    fc.constantFrom<HostileJson>(true, 'admin'),
  )
  .chain(([key, value]) =>
    fc.constantFrom<HostileJson>(
      { entries: [['__proto__', { entries: [[key, value]] }]] },
      { entries: [['constructor', { entries: [['prototype', { entries: [[key, value]] }]] }]] },
      { entries: [['prototype', { entries: [[key, value]] }]] },
    ),
  );

/** A Mongo query operator where a plain value belongs: `{"$ne": null}`, `{"$where": "..."}`. */
const operatorObject: fc.Arbitrary<HostileJson> = fc
  .tuple(fc.constantFrom(...mongoOperators), fc.oneof(hostileString, fc.constant(null)))
  .map(([operator, value]) => ({ entries: [[operator, value]] }));

export const hostileJson = (fields: readonly string[]): fc.Arbitrary<HostileJson> =>
  fc.letrec<{ value: HostileJson }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: hostileString },
      { weight: 2, arbitrary: hostileNumber },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: operatorObject },
      { weight: 1, arbitrary: pollutingObject },
      {
        weight: 1,
        arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((array) => ({ array })),
      },
      {
        weight: 1,
        arbitrary: fc
          .array(fc.tuple(hostileKey(fields), tie('value')), { maxLength: 5 })
          .map((entries) => ({ entries })),
      },
    ),
  })).value;

/**
 * A body built from a valid one: some fields dropped, some given hostile values (other types,
 * operators, pollution), hostile keys added. Or no object at all.
 */
export const hostileBody = (valid: Record<string, HostileJson>): fc.Arbitrary<HostileJson> => {
  const fields = Object.keys(valid);
  const mutated = fc
    .tuple(
      fc.subarray(fields),
      fc.array(
        fc.tuple(fc.constantFrom(...(fields.length ? fields : ['x'])), hostileJson(fields)),
        {
          maxLength: 3,
        },
      ),
      fc.array(fc.tuple(hostileKey(fields), hostileJson(fields)), { maxLength: 3 }),
    )
    .map(([kept, replaced, added]): HostileJson => {
      const entries = new Map<string, HostileJson>(kept.map((field) => [field, valid[field]!]));
      for (const [field, value] of replaced) entries.set(field, value);
      return { entries: [...entries, ...added] };
    });
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: hostileJson(fields) });
};

/** Bodies that are not JSON at all, sent as JSON. */
export const malformedJsonText = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1}}',
    "{'a':1}",
    '\u0000',
    'undefined',
    '{"__proto__":',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

export const hostileContentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
);

/** A query string with hostile keys and values, nested-looking keys included. */
export const hostileQuery = (fields: readonly string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        hostileKey(fields),
        fc.option(fc.constantFrom(...pollutionKeys, ...mongoOperators, 'x'), { nil: undefined }),
        hostileString,
      ),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs
        .map(
          ([key, inner, value]) =>
            `${percentEncode(key)}${inner === undefined ? '' : `[${percentEncode(inner)}]`}=${percentEncode(value)}`,
        )
        .join('&'),
    );

/** A path parameter: hostile text, percent-encoded, or raw traversal. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map(percentEncode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '..',
      '%2e%2e',
      '..%2f..%2fpackage.json',
      '%2e%2e%2f%2e%2e%2fevents.sqlite3',
    ),
  },
);

/** Visible ASCII only: what an HTTP header can carry. */
export const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((text) => text.replace(/[^\x20-\x7e]/g, ''));
