import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { Badge } from '@/components/ui/badge.tsx';
import { LoadState } from '@/components/ui/load-state.tsx';
import { paths } from '@/config/paths.ts';
import { formatPostTime, formatPrice, imageUrl } from '@/lib/format.ts';
import { ListingAsOfQuery, type ListingView } from '../api/audit.ts';
import { auditHref } from '../audit-params.ts';
import '../audit.css';

type Field = {
  label: string;
  show: (listing: ListingView) => string;
};

const fields: Field[] = [
  { label: 'Price', show: (listing) => formatPrice(listing.sellingPrice) },
  { label: 'Condition', show: (listing) => listing.condition },
  { label: 'Description', show: (listing) => listing.about },
  { label: 'Status', show: (listing) => listing.status },
  {
    label: 'Seller',
    show: (listing) =>
      `${listing.sellerName} (${listing.sellerVerified ? 'verified' : 'not verified'})`,
  },
  { label: 'Reported', show: (listing) => (listing.reported ? 'yes' : 'no') },
];

function ListingColumn({
  title,
  when,
  listing,
  other,
  empty,
}: {
  title: string;
  /** When the column's listing is of, under its title (the same height in both columns). */
  when: string;
  listing: ListingView | null | undefined;
  other: ListingView | null | undefined;
  empty: string;
}) {
  const headingId = useId();
  return (
    <article className="as-of__column" aria-labelledby={headingId}>
      <h2 id={headingId} className="as-of__heading">
        {title}
      </h2>
      <p className="as-of__when">{when}</p>
      {!listing ? (
        <p className="empty">{empty}</p>
      ) : (
        <>
          <img
            className="as-of__picture"
            src={imageUrl(listing.picture)}
            alt={`${listing.productName}: picture`}
          />
          <p className="as-of__name">{listing.productName}</p>
          <dl className="as-of__fields">
            {fields.map((field) => {
              const value = field.show(listing);
              const changed = other ? field.show(other) !== value : false;
              return (
                <div key={field.label} className={changed ? 'as-of__field--changed' : undefined}>
                  <dt>{field.label}</dt>
                  <dd>
                    {value} {changed && <Badge tone="warning">differs</Badge>}
                  </dd>
                </div>
              );
            })}
            <div
              className={
                other && other.picture !== listing.picture ? 'as-of__field--changed' : undefined
              }
            >
              <dt>Picture</dt>
              <dd>
                {other && other.picture !== listing.picture ? (
                  <Badge tone="warning">differs</Badge>
                ) : (
                  'same'
                )}
              </dd>
            </div>
          </dl>
        </>
      )}
    </article>
  );
}

/** Time travel: the listing as it was at an event of the log, beside the listing today. */
export function ListingAsOf() {
  const titleId = useId();
  const params = useParams();
  const productId = params['productId'] ?? '';
  const position = Number(params['position']);
  const valid =
    /^[A-Za-z0-9_-]{1,128}$/.test(productId) && Number.isSafeInteger(position) && position >= 0;
  const [{ data, error }, reexecute] = useQuery({
    query: ListingAsOfQuery,
    variables: { productId, position },
    pause: !valid,
  });
  const found = data?.listingAsOf;
  const back = paths.dashboard.audit.getHref(auditHref({ stream: `product-${productId}` }));
  return (
    <section className="section as-of" aria-labelledby={titleId}>
      <h1 id={titleId} className="section__title">
        The listing as it was then
      </h1>
      <p>
        <Link to={back}>Back to the listing&apos;s timeline</Link>
      </p>
      {!valid ? (
        <p className="empty">This link does not name a listing and a moment of its history.</p>
      ) : !found ? (
        <LoadState
          what="The listing's history"
          error={error}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      ) : (
        <div className="as-of__columns">
          <ListingColumn
            title="Then"
            when={`${found.asOf ? formatPostTime(found.asOf) : 'Before it was listed'} · event #${found.position}`}
            listing={found.then}
            other={found.now}
            empty="Not listed at that moment."
          />
          <ListingColumn
            title="Today"
            when="As the log stands now"
            listing={found.now}
            other={found.then}
            empty="Deleted since."
          />
        </div>
      )}
    </section>
  );
}
