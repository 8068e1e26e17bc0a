import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/*
 * A timeline lives in the URL (a link reproduces it): what it is of (`stream`, `email` or `q`,
 * one of them) and its filters (`type`, repeated; `actor`). Values the server would refuse are
 * left out, never sent.
 */

export interface AuditSearch {
  readonly stream?: string;
  readonly email?: string;
  readonly q?: string;
}

export interface AuditFilters {
  readonly types: readonly string[];
  readonly actor?: string;
}

const streamPattern = /^(product|user|seller|booking|category)-[A-Za-z0-9_-]{1,128}$/;
const typePattern = /^[A-Za-z]{1,64}$/;

const bounded = (value: string | null, max: number): string | undefined => {
  const text = value?.trim();
  return text && text.length <= max ? text : undefined;
};

/** What the URL's parameters ask for: one search (stream, then email, then q) and the filters. */
export function auditOfParams(params: URLSearchParams): {
  search: AuditSearch | null;
  filters: AuditFilters;
} {
  const stream = params.get('stream');
  const email = bounded(params.get('email'), 320);
  const q = bounded(params.get('q'), 200);
  const search: AuditSearch | null =
    stream && streamPattern.test(stream)
      ? { stream }
      : email?.includes('@')
        ? { email }
        : q
          ? { q }
          : null;
  const types = [...new Set(params.getAll('type').filter((type) => typePattern.test(type)))];
  const actor = bounded(params.get('actor'), 320);
  return { search, filters: { types: types.slice(0, 50), ...(actor ? { actor } : {}) } };
}

/** The URL's query string of a timeline (empty filters left out). */
export function auditHref(search: AuditSearch, filters?: AuditFilters): string {
  const params = new URLSearchParams();
  if (search.stream) params.set('stream', search.stream);
  else if (search.email) params.set('email', search.email);
  else if (search.q) params.set('q', search.q);
  for (const type of filters?.types ?? []) params.append('type', type);
  if (filters?.actor) params.set('actor', filters.actor);
  return params.toString();
}

export function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const { search, filters } = useMemo(() => auditOfParams(params), [params]);
  const setAudit = useCallback(
    (next: AuditSearch, nextFilters?: AuditFilters) =>
      setParams(new URLSearchParams(auditHref(next, nextFilters))),
    [setParams],
  );
  return { search, filters, setAudit, key: params.toString() };
}
