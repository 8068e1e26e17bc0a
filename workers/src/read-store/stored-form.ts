import { createHash } from 'node:crypto';
import type { StoredRecord } from '../projections/apply-event.ts';
import { canonicalJson } from '../projections/canonical-json.ts';
import type { FieldValue, ReadModelDocument } from '../projections/projection.ts';

/** Internal fields of a stored document, never returned by queries. */
export const positionField = '_position';
export const deletedField = '_deleted';
/**
 * The search words of a searchable read model's document (search-words.ts), kept by the MongoDB
 * store beside its fields for its multikey index; derived from the document, so neither
 * answered, nor hashed, nor compared.
 */
export const wordsField = '_words';

/**
 * A record as one flat document: the visible fields plus `_position`, and for a tombstone only
 * `_id`, `_position` and `_deleted: true`. MongoDB stores exactly this; both adapters hash it.
 */
export type StoredForm = { _id: string; _position: number; _deleted?: true } & Record<
  string,
  FieldValue
>;

export function toStoredForm(record: StoredRecord): StoredForm {
  if (record.deleted || !record.doc)
    return { _id: record.id, [positionField]: record.position, [deletedField]: true };
  return { ...record.doc, _id: record.id, [positionField]: record.position };
}

export function fromStoredForm(form: Record<string, unknown>): StoredRecord {
  const { _id, _position, _deleted, _words, ...fields } = form;
  const id = String(_id);
  const position = Number(_position ?? 0);
  if (_deleted === true) return { id, position, deleted: true, doc: null };
  return {
    id,
    position,
    deleted: false,
    doc: { ...(fields as Record<string, FieldValue>), _id: id },
  };
}

/** The visible document of a stored form. */
export function toVisible<D extends ReadModelDocument>(form: Record<string, unknown>): D {
  const { _position: _p, _deleted: _d, _words: _w, ...visible } = form;
  return visible as D;
}

/** Hashes stored forms given in `_id` order: one canonical JSON line each. */
export class ModelHasher {
  private readonly hash = createHash('sha256');

  add(form: StoredForm): void {
    this.hash.update(canonicalJson(form));
    this.hash.update('\n');
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
