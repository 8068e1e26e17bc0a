import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { VerifiedIcon } from '@/components/ui/icons.tsx';
import { ListingStatusBadge } from '@/components/ui/listing-status-badge.tsx';
import { ProductImage } from '@/components/ui/product-image.tsx';
import { formatMonth, formatPostTime, formatPrice } from '@/lib/format.ts';
import type { Listing, ListingSeller, PricePoint } from '../api/listing.ts';

function SellerPanel({ seller }: { seller: ListingSeller }) {
  const titleId = useId();
  return (
    <section className="listing__panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Seller</h2>
      <p className="listing__seller-name">
        {seller.name}
        {seller.verified && (
          <span className="verified">
            <VerifiedIcon className="icon icon--small" />
            Verified seller
          </span>
        )}
      </p>
      <dl className="listing__facts">
        <dt>Member since</dt>
        <dd>{seller.memberSince ? formatMonth(seller.memberSince) : 'Not known'}</dd>
        <dt>Listings</dt>
        <dd>{seller.listings}</dd>
        <dt>Completed sales</dt>
        <dd>{seller.completedSales}</dd>
      </dl>
    </section>
  );
}

/** How a price compares with the one before it. */
function PriceChange({ before, now }: { before: number | undefined; now: number }) {
  if (before === undefined) return <Badge>Listed</Badge>;
  if (now < before) return <Badge tone="success">{`Down ${formatPrice(before - now)}`}</Badge>;
  if (now > before) return <Badge tone="warning">{`Up ${formatPrice(now - before)}`}</Badge>;
  return null;
}

function PriceHistory({ prices }: { prices: PricePoint[] }) {
  const titleId = useId();
  return (
    <section className="listing__panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Price history</h2>
      <ol className="price-history">
        {prices.map((point, index) => (
          <li key={`${point.at}-${index}`}>
            <time dateTime={point.at}>{formatPostTime(point.at)}</time>
            <span className="price-history__price">{formatPrice(point.price)}</span>
            <PriceChange before={prices[index - 1]?.price} now={point.price} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A product on its own page: the picture large, every field, its state, its seller and every
 * price it had. `actions` are Book now and Report where they are allowed.
 */
export function ListingDetails({ listing, actions }: { listing: Listing; actions?: ReactNode }) {
  const titleId = useId();
  const previousPrice = listing.priceHistory.at(-2)?.price;
  const dropped = previousPrice !== undefined && previousPrice > listing.sellingPrice;
  return (
    <article className="listing" aria-labelledby={titleId}>
      <ProductImage
        className="listing__image"
        picture={listing.picture}
        alt={listing.productName}
      />
      <div className="listing__main">
        <div className="listing__badges">
          <ListingStatusBadge status={listing.status} />
          {listing.advertised && <Badge tone="info">Advertised</Badge>}
        </div>
        <h1 id={titleId} className="listing__title">
          {listing.productName}
        </h1>
        <p className="listing__price">
          {formatPrice(listing.sellingPrice)}
          {dropped && (
            <span className="listing__was">
              <span className="visually-hidden">was </span>
              <s>{formatPrice(previousPrice)}</s>
            </span>
          )}
        </p>
        <p className="listing__about">{listing.about}</p>
        <dl className="listing__facts">
          <dt>Brand</dt>
          <dd>{listing.Brand}</dd>
          <dt>Condition</dt>
          <dd>{listing.condition}</dd>
          <dt>Years used</dt>
          <dd>{listing.year}</dd>
          <dt>Original price</dt>
          <dd>{formatPrice(listing.buyingPrice)}</dd>
          <dt>Selling price</dt>
          <dd>{formatPrice(listing.sellingPrice)}</dd>
          <dt>Location</dt>
          <dd>{listing.address}</dd>
          <dt>Posted</dt>
          <dd>
            <time dateTime={listing.postTime}>{formatPostTime(listing.postTime)}</time>
          </dd>
          <dt>Mobile</dt>
          <dd>
            <a href={`tel:${listing.phone}`}>{listing.phone}</a>
          </dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${listing.email}`}>{listing.email}</a>
          </dd>
        </dl>
        {actions && <div className="listing__actions">{actions}</div>}
      </div>
      <SellerPanel seller={listing.seller} />
      <PriceHistory prices={listing.priceHistory} />
    </article>
  );
}
