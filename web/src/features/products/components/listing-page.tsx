import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { listingStatusText } from '@/components/ui/listing-status-badge.tsx';
import { LoadState } from '@/components/ui/load-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useChangeToasts } from '@/lib/change-toasts.ts';
import { formatPrice } from '@/lib/format.ts';
import { notify } from '@/lib/toast.tsx';
import type { Listing } from '../api/listing.ts';
import { useListing } from '../api/use-listing.ts';
import { ListingDetails } from './listing-details.tsx';

/** What changed on an open listing page, said to whoever has it open. */
export function listingChangeMessage(before: Listing | undefined, now: Listing): string | null {
  if (!before) return null;
  const name = now.productName;
  if (before.status !== now.status) {
    switch (now.status) {
      case 'available':
        return `${name} is available again`;
      case 'booked':
        return `${name} has been booked`;
      case 'sold':
        return `${name} has been sold`;
      case 'withdrawn':
        return `${name} was withdrawn by its seller`;
      case 'unavailable':
        return `${name} is now ${listingStatusText(now.status).toLowerCase()}`;
    }
  }
  if (before.sellingPrice !== now.sellingPrice) {
    return `${name}: the price is now ${formatPrice(now.sellingPrice)} (was ${formatPrice(before.sellingPrice)})`;
  }
  if (
    before.condition !== now.condition ||
    before.about !== now.about ||
    before.picture !== now.picture
  ) {
    return `${name} was updated by its seller`;
  }
  return null;
}

function Missing({ title, message }: { title: string; message: string }) {
  return (
    <section className="not-found not-found--listing" aria-labelledby="listing-missing-title">
      <h1 id="listing-missing-title">{title}</h1>
      <p>{message}</p>
      <div className="button-row">
        <Link className="button button--primary" to={paths.search.getHref()}>
          Search phones
        </Link>
        <Link className="button button--outline" to={paths.home.getHref()}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}

/**
 * A product's own page (/product/:id), live: an edit, a booking, a sale or a withdrawal shows
 * without a reload, with a toast saying what changed.
 */
export function ListingPage({
  id,
  renderActions,
}: {
  id: string;
  renderActions: (listing: Listing) => ReactNode;
}) {
  const read = useListing(id);
  const onListing = useChangeToasts(listingChangeMessage);
  const listing = read.status === 'ready' ? read.listing : undefined;
  useEffect(() => {
    if (listing) onListing([listing]);
  }, [listing, onListing]);
  const goneName = read.status === 'gone' ? read.listing.productName : null;
  useEffect(() => {
    if (goneName) notify.info(`${goneName} is no longer on sale`);
  }, [goneName]);

  switch (read.status) {
    case 'loading':
      return <Spinner label="Loading this product…" />;
    case 'failed':
      return <LoadState what="This product" error={read.error} onRetry={read.retry} />;
    case 'notFound':
      return (
        <Missing
          title="This product does not exist"
          message="It may have been taken off sale, or the link is wrong."
        />
      );
    case 'gone':
      return (
        <Missing
          title={`${read.listing.productName} is no longer on sale`}
          message="Its seller has taken it off sale."
        />
      );
    case 'ready':
      return <ListingDetails listing={read.listing} actions={renderActions(read.listing)} />;
  }
}
