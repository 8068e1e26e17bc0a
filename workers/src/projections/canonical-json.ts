import { configure } from 'safe-stable-stringify';

// Keys sorted at every level; a value JSON cannot hold fails instead of being written differently.
const stringify = configure({ deterministic: true, circularValue: Error });

/**
 * JSON with object keys sorted at every level, so equal documents serialize to equal bytes
 * whatever order their fields were written in (MongoDB and SQLite keep insertion order).
 */
export function canonicalJson(value: unknown): string {
  return stringify(value) ?? 'null';
}
