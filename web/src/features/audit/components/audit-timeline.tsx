import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { Badge } from '@/components/ui/badge.tsx';
import { SelectField } from '@/components/ui/form-field.tsx';
import { LoadState } from '@/components/ui/load-state.tsx';
import { paths } from '@/config/paths.ts';
import { formatPostTime } from '@/lib/format.ts';
import { useMinPosition } from '@/lib/live-query.ts';
import {
  AuditTimelineChangedSubscription,
  AuditTimelineQuery,
  type AuditEntry,
  type AuditSubject,
  type AuditTimeline as Timeline,
} from '../api/audit.ts';
import { auditHref, useAuditParams, type AuditFilters, type AuditSearch } from '../audit-params.ts';
import '../audit.css';

const PAGE_SIZE = 50;

/** "ProductPriceChanged" → "Product price changed", for the filter's choices. */
const typeInWords = (type: string): string => {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Where a booking or a report was made: the moment whose listing a dispute is about. */
const isDisputeMoment = (entry: AuditEntry): boolean =>
  entry.links.productIds.length > 0 && /Book|Report/.test(entry.type);

const userHref = (uid: string) => paths.dashboard.audit.getHref(auditHref({ q: uid }));
const streamHref = (stream: string) => paths.dashboard.audit.getHref(auditHref({ stream }));

function ActorCell({ actor }: { actor: AuditEntry['actor'] }) {
  if (actor.role === 'system') return <span className="audit-actor">the marketplace</span>;
  return (
    <span className="audit-actor">
      <Link to={userHref(actor.uid)}>{actor.name ?? actor.email ?? actor.uid}</Link>
      {actor.role ? (
        <Badge tone={actor.role === 'admin' ? 'info' : 'neutral'}>{actor.role}</Badge>
      ) : (
        <Badge tone="warning">account gone</Badge>
      )}
      {actor.email && actor.name && <span className="audit-actor__email">{actor.email}</span>}
    </span>
  );
}

function EntryLinks({ entry, subject }: { entry: AuditEntry; subject: AuditSubject }) {
  const own = new Set(subject.streams);
  const links = [
    ...entry.links.productIds.map((id) => ({ stream: `product-${id}`, label: 'listing' })),
    ...entry.links.bookingIds.map((id) => ({ stream: `booking-${id}`, label: 'booking' })),
  ].filter((link) => !own.has(link.stream));
  // The actor is linked by name already; the others by their account's id.
  const users = entry.links.userIds.filter(
    (uid) => !own.has(`user-${uid}`) && uid !== entry.actor.uid,
  );
  return (
    <span className="audit-links">
      {links.map((link) => (
        <Link key={link.stream} to={streamHref(link.stream)}>
          {link.label}
        </Link>
      ))}
      {users.map((uid) => (
        <Link key={uid} to={userHref(uid)}>
          account {uid.slice(0, 8)}
        </Link>
      ))}
      {isDisputeMoment(entry) &&
        entry.links.productIds.map((productId) => (
          <Link
            key={`as-of-${productId}`}
            className="button button--small button--outline"
            to={paths.dashboard.auditAsOf.getHref(productId, entry.position)}
          >
            As it was then
          </Link>
        ))}
    </span>
  );
}

function EntryRows({ timeline, subject }: { timeline: Timeline; subject: AuditSubject }) {
  return (
    <>
      {timeline.entries.map((entry) => (
        <li key={entry.position} className="audit-entry" data-position={entry.position}>
          <time className="audit-entry__time" dateTime={entry.recordedAt}>
            {formatPostTime(entry.recordedAt)}
          </time>
          <div className="audit-entry__body">
            <p className="audit-entry__what">{entry.description}</p>
            <p className="audit-entry__meta">
              <ActorCell actor={entry.actor} />
              <span className="audit-entry__type">{entry.type}</span>
              <span className="audit-entry__request" title="The request it came from">
                request {entry.correlationId}
              </span>
              <span className="audit-entry__position">#{entry.position}</span>
            </p>
            <EntryLinks entry={entry} subject={subject} />
          </div>
        </li>
      ))}
    </>
  );
}

/**
 * One page of the timeline after `after`. The last page is the only one new events reach: it
 * runs again at each position the live subscription announces (`minPosition`).
 */
function TimelinePage({
  search,
  filters,
  after,
  minPosition,
  onAnswer,
  onMore,
}: {
  search: AuditSearch;
  filters: AuditFilters;
  after: number | null;
  minPosition: number | undefined;
  onAnswer?: (timeline: Timeline) => void;
  onMore: ((cursor: number) => void) | null;
}) {
  const [{ data, error }, reexecute] = useQuery({
    query: AuditTimelineQuery,
    variables: {
      ...search,
      types: filters.types.length > 0 ? [...filters.types] : null,
      actor: filters.actor ?? null,
      after,
      limit: PAGE_SIZE,
      ...(minPosition ? { minPosition } : {}),
    },
  });
  const timeline = data?.auditTimeline;
  useEffect(() => {
    if (timeline) onAnswer?.(timeline);
  }, [timeline, onAnswer]);
  if (!timeline)
    return (
      <li className="audit-entry audit-entry--state">
        <LoadState
          what="The timeline"
          error={error}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      </li>
    );
  const { subject } = timeline;
  if (!subject) return null;
  return (
    <>
      <EntryRows timeline={timeline} subject={subject} />
      {onMore && timeline.nextCursor !== null && timeline.nextCursor !== undefined && (
        <li className="audit-more">
          <button
            type="button"
            className="button button--outline"
            onClick={() => onMore(timeline.nextCursor as number)}
          >
            Load more
          </button>
        </li>
      )}
    </>
  );
}

function Matches({ timeline }: { timeline: Timeline }) {
  if (timeline.matches.length === 0)
    return <p className="empty">Nothing matches: try an e-mail, a listing's name or an id.</p>;
  return (
    <div>
      <p>Several match; choose one:</p>
      <ul className="audit-matches">
        {timeline.matches.map((match) => (
          <li key={`${match.kind}-${match.id}`}>
            <Link
              to={
                // A user's timeline is both their streams: asked for by id, as the search found it.
                match.kind === 'user' ? userHref(match.id) : streamHref(match.streams[0] ?? '')
              }
            >
              {match.label}
            </Link>{' '}
            <Badge>{match.kind}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Filters({
  timeline,
  filters,
  onChange,
}: {
  timeline: Timeline;
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}) {
  const [type] = filters.types;
  return (
    <div className="audit-filters" role="group" aria-label="Filters">
      <SelectField
        label="Kind of event"
        placeholder="Every kind"
        value={type ?? ''}
        options={timeline.eventTypes.map((eventType) => ({
          value: eventType,
          label: typeInWords(eventType),
        }))}
        onChange={(value) => onChange({ ...filters, types: value ? [value] : [] })}
      />
      <SelectField
        label="Who did it"
        placeholder="Anyone"
        value={filters.actor ?? ''}
        options={timeline.actors.map((actor) => ({
          value: actor.uid,
          label: actor.uid === 'system' ? 'the marketplace' : actor.email || actor.uid,
        }))}
        onChange={(actor) => {
          const { types } = filters;
          onChange(actor ? { types, actor } : { types });
        }}
      />
    </div>
  );
}

/** The timeline of what the URL names: its header, filters, pages and live updates. */
function Timeline({ search, filters }: { search: AuditSearch; filters: AuditFilters }) {
  const { setAudit } = useAuditParams();
  const [cursors, setCursors] = useState<number[]>([]);
  const [first, setFirst] = useState<Timeline | null>(null);
  const streams = first?.subject?.streams ?? [];
  const minPosition = useMinPosition({
    changes: AuditTimelineChangedSubscription,
    changeVariables: { streams },
    pause: streams.length === 0,
  });
  const pages = [null, ...cursors];
  const subject = first?.subject;
  return (
    <>
      {subject && (
        <header className="audit-subject">
          <h2 className="audit-subject__title">
            {subject.label} <Badge tone="info">{subject.kind}</Badge>
          </h2>
          <p className="audit-subject__streams">
            {subject.streams.join(', ')} · {first.matching} event{first.matching === 1 ? '' : 's'}
            <span className="audit-live" aria-live="polite">
              {' '}
              · live
            </span>
          </p>
          <Filters timeline={first} filters={filters} onChange={(next) => setAudit(search, next)} />
        </header>
      )}
      {first && !subject && <Matches timeline={first} />}
      <ol className="audit-timeline" aria-label="Timeline">
        {pages.map((after, index) => {
          const last = index === pages.length - 1;
          return (
            <TimelinePage
              key={after ?? 'first'}
              search={search}
              filters={filters}
              after={after}
              minPosition={last && minPosition > 0 ? minPosition : undefined}
              {...(index === 0 ? { onAnswer: setFirst } : {})}
              onMore={last ? (cursor) => setCursors((shown) => [...shown, cursor]) : null}
            />
          );
        })}
      </ol>
    </>
  );
}

/** The admins' audit: search a listing, user, seller or booking and read its whole history. */
export function AuditTimeline() {
  const titleId = useId();
  const searchId = useId();
  const { search, filters, setAudit, key } = useAuditParams();
  const [text, setText] = useState(search?.q ?? search?.email ?? search?.stream ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value) setAudit({ q: value });
  };
  return (
    <section className="section audit" aria-labelledby={titleId}>
      <h1 id={titleId} className="section__title">
        Audit timeline
      </h1>
      <form className="audit-search" role="search" onSubmit={submit}>
        <div className="form-field">
          <label className="form-field__label" htmlFor={searchId}>
            E-mail, listing name or id
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary">
          Show timeline
        </button>
      </form>
      {search ? (
        <Timeline key={key} search={search} filters={filters} />
      ) : (
        <p className="empty">
          Search for a user by e-mail, a listing by name, or any listing, user, seller or booking by
          id.
        </p>
      )}
    </section>
  );
}
