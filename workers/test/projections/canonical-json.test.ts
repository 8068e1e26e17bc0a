import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/projections/canonical-json.ts';

describe('canonicalJson', () => {
  it('writes equal documents as equal bytes whatever their key order', () => {
    const a = { b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } };
    const b = { a: { c: 'x', d: [1, { y: 2, z: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}');
  });

  it('is JSON: parsing it gives the document back, without undefined fields', () => {
    const document = { name: 'Galaxy "S9" é\u2028', price: 1e21, sold: false, gone: undefined };
    expect(JSON.parse(canonicalJson(document))).toEqual({
      name: 'Galaxy "S9" é\u2028',
      price: 1e21,
      sold: false,
    });
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('refuses a circular value instead of writing something else', () => {
    const looped: Record<string, unknown> = {};
    looped['self'] = looped;
    expect(() => canonicalJson(looped)).toThrow();
  });
});
