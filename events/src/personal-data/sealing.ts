import { createCipheriv, createDecipheriv, type KeyObject } from 'node:crypto';
import { InvalidEventError } from '../catalog.ts';
import { pooledRandomBytes } from '../random-bytes.ts';
import { erasedValues, personalKindOf, personalPartsOf } from './personal-fields.ts';

/*
 * Crypto-shredding: the event stores never write a person's personal data (personal-fields.ts)
 * in clear. Each person's fields of an event are sealed together with that person's own key
 * (AES-256-GCM, the person's uid as associated data) into one entry of the stored payload's
 * `$personal` list, next to the names of the fields it holds. Erasing a person destroys their key:
 * from then on each of their fields reads as its erased value (`erasedValues`), on every read and
 * every replay, while the event itself, its time, ids and actor uid stay readable.
 */

/** One person's sealed fields in a stored event. */
export interface SealedPart {
  readonly subject: string;
  /** `data.<field>` or `metadata.<field>`, in the order of the sealed values. */
  readonly fields: readonly string[];
  /** base64 of iv (12 bytes), tag (16 bytes), ciphertext of the JSON array of the values. */
  readonly sealed: string;
}

/** The payload member holding the sealed parts: `$` keeps it apart from every schema's fields. */
export const sealedPartsMember = '$personal';

/**
 * A person's key: null once they are erased (or when no key was ever made for them). Sealing asks
 * with `create`, so that a person's first personal field makes their key.
 */
export type KeyLookup = (subject: string) => KeyObject | null;

interface StoredForm {
  readonly data: object;
  readonly metadata: object;
}

const ivLength = 12;
const tagLength = 16;
const algorithm = 'aes-256-gcm';

function encrypt(key: KeyObject, subject: string, values: readonly string[]): string {
  const iv = pooledRandomBytes(ivLength);
  const cipher = createCipheriv(algorithm, key, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const text = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64');
}

function decrypt(type: string, key: KeyObject, part: SealedPart): unknown {
  try {
    const sealed = Buffer.from(part.sealed, 'base64');
    const decipher = createDecipheriv(algorithm, key, sealed.subarray(0, ivLength));
    decipher.setAAD(Buffer.from(part.subject, 'utf8'));
    decipher.setAuthTag(sealed.subarray(ivLength, ivLength + tagLength));
    const text = Buffer.concat([
      decipher.update(sealed.subarray(ivLength + tagLength)),
      decipher.final(),
    ]);
    return JSON.parse(text.toString('utf8'));
  } catch {
    throw new InvalidEventError(type, [`the personal data of ${part.subject} does not open`]);
  }
}

type Section = 'data' | 'metadata';
const sectionOf = (field: string): [Section, string] => {
  const dot = field.indexOf('.');
  return [field.slice(0, dot) as Section, field.slice(dot + 1)];
};

/** An event's personal values in clear, grouped by the person they belong to. */
function personalValuesOf(
  type: string,
  sections: Readonly<Record<Section, Readonly<Record<string, unknown>>>>,
): Map<string, { fields: string[]; values: string[] }> {
  const bySubject = new Map<string, { fields: string[]; values: string[] }>();
  for (const part of personalPartsOf(type)) {
    const [subjectSection, subjectField] = sectionOf(part.subject);
    const subject = sections[subjectSection][subjectField];
    if (typeof subject !== 'string' || subject === '' || subject === 'system') continue;
    for (const field of Object.keys(part.fields)) {
      const [section, name] = sectionOf(field);
      const value = sections[section][name];
      if (typeof value !== 'string' || value === '') continue;
      const entry = bySubject.get(subject) ?? { fields: [], values: [] };
      entry.fields.push(field);
      entry.values.push(value);
      bySubject.set(subject, entry);
    }
  }
  return bySubject;
}

/** Whose keys sealing this event needs: each person with a personal field of it. */
export const personalSubjectsOf = (type: string, data: object, metadata: object): string[] => [
  ...personalValuesOf(type, { data, metadata } as Record<Section, Record<string, unknown>>).keys(),
];

/**
 * The stored form of an event: its personal fields taken out of the payload and the metadata and
 * sealed per person under `$personal` (metadata fields are left empty). A person already erased
 * has no key: their fields are stored as their erased values, in clear. An event with no personal
 * data is stored as it is.
 */
export function sealPersonalData(
  type: string,
  data: object,
  metadata: object,
  keyFor: KeyLookup,
): StoredForm {
  const sections: Record<Section, Record<string, unknown>> = {
    data: { ...data },
    metadata: { ...metadata },
  };
  const bySubject = personalValuesOf(type, sections);
  if (bySubject.size === 0) return { data, metadata };
  const parts: SealedPart[] = [];
  for (const [subject, { fields, values }] of bySubject) {
    const key = keyFor(subject);
    for (const field of fields) {
      const [section, name] = sectionOf(field);
      if (key) sections[section][name] = section === 'metadata' ? '' : undefined;
      else sections[section][name] = erasedValues[personalKindOf(type, field) ?? 'text'];
    }
    if (key) parts.push({ subject, fields, sealed: encrypt(key, subject, values) });
  }
  for (const name of Object.keys(sections.data))
    if (sections.data[name] === undefined) delete sections.data[name];
  if (parts.length > 0) sections.data[sealedPartsMember] = parts;
  return sections;
}

const isSealedPart = (value: unknown): value is SealedPart => {
  if (typeof value !== 'object' || value === null) return false;
  const part = value as Record<string, unknown>;
  return (
    typeof part.subject === 'string' &&
    typeof part.sealed === 'string' &&
    Array.isArray(part.fields) &&
    part.fields.every(
      (field) =>
        typeof field === 'string' && (field.startsWith('data.') || field.startsWith('metadata.')),
    )
  );
};

/** The subjects whose keys opening this stored payload needs (none for an event in clear). */
export function sealedSubjectsOf(data: object): string[] {
  const parts = (data as Record<string, unknown>)[sealedPartsMember];
  return Array.isArray(parts) ? parts.filter(isSealedPart).map((part) => part.subject) : [];
}

/**
 * An event as it was appended, from its stored form: each sealed part opened with its person's
 * key, or, once they are erased, each of their fields at its erased value. A stored form without
 * `$personal` (written before sealing, or with no personal data) comes back as it is.
 */
export function openPersonalData(
  type: string,
  data: object,
  metadata: object,
  keyOf: KeyLookup,
): StoredForm {
  const parts = (data as Record<string, unknown>)[sealedPartsMember];
  if (parts === undefined) return { data, metadata };
  if (!Array.isArray(parts) || !parts.every(isSealedPart))
    throw new InvalidEventError(type, [`${sealedPartsMember} is not a list of sealed parts`]);
  const sections: Record<Section, Record<string, unknown>> = {
    data: { ...data },
    metadata: { ...metadata },
  };
  delete sections.data[sealedPartsMember];
  for (const part of parts) {
    const key = keyOf(part.subject);
    const opened = key ? decrypt(type, key, part) : undefined;
    if (
      opened !== undefined &&
      !(
        Array.isArray(opened) &&
        opened.length === part.fields.length &&
        opened.every((value) => typeof value === 'string')
      )
    )
      throw new InvalidEventError(type, [`the personal data of ${part.subject} is malformed`]);
    part.fields.forEach((field, index) => {
      const [section, name] = sectionOf(field);
      sections[section][name] =
        opened === undefined
          ? erasedValues[personalKindOf(type, field) ?? 'text']
          : (opened as string[])[index];
    });
  }
  return sections;
}
