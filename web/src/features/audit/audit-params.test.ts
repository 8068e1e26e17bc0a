import { describe, expect, it } from 'vitest';
import { auditHref, auditOfParams } from './audit-params.ts';

const of = (query: string) => auditOfParams(new URLSearchParams(query));

describe('a timeline in the URL', () => {
  it('names one thing: a stream first, then an e-mail, then free text', () => {
    expect(of('stream=product-p1&q=galaxy').search).toEqual({ stream: 'product-p1' });
    expect(of('email=sam%40example.com').search).toEqual({ email: 'sam@example.com' });
    expect(of('q=%20Galaxy%20S20%20').search).toEqual({ q: 'Galaxy S20' });
    expect(of('').search).toBeNull();
  });

  it('leaves out what the server would refuse', () => {
    expect(of('stream=order-1').search).toBeNull();
    expect(of('email=not-an-email').search).toBeNull();
    expect(of(`q=${'x'.repeat(201)}`).search).toBeNull();
    expect(of('q=x&type=ProductListed&type=Bad%20Type&type=ProductListed').filters).toEqual({
      types: ['ProductListed'],
    });
  });

  it('round-trips through the href, filters included', () => {
    const query = auditHref(
      { stream: 'product-p1' },
      { types: ['ProductBooked', 'ProductReported'], actor: 'sam@example.com' },
    );
    expect(of(query)).toEqual({
      search: { stream: 'product-p1' },
      filters: { types: ['ProductBooked', 'ProductReported'], actor: 'sam@example.com' },
    });
    expect(auditHref({ q: 'galaxy' })).toBe('q=galaxy');
  });
});
