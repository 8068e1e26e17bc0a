import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge.tsx';
import { ListingStatusBadge } from '@/components/ui/listing-status-badge.tsx';
import { VerifiedIcon } from '@/components/ui/icons.tsx';
import { ProductImage } from '@/components/ui/product-image.tsx';
import { paths } from '@/config/paths.ts';
import { formatPostTime, formatPrice } from '@/lib/format.ts';
import type { Product } from '../api/products.ts';

/**
 * One product with every field of spec section 2; `actions` are the Purchase and Report buttons.
 * Its name and picture lead to the product's own page.
 */
export function ProductCard({
  product,
  actions,
  headingLevel,
}: {
  product: Product;
  actions?: ReactNode;
  /** The card's title sits one level below the heading of the list it is in. */
  headingLevel: 2 | 3;
}) {
  const titleId = `product-${product._id}-title`;
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const href = paths.product.getHref(product._id);
  return (
    <article className="product-card" aria-labelledby={titleId}>
      {/* The name links too: one link per card for keyboards and screen readers is enough. */}
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ProductImage
          className="product-card__image"
          picture={product.picture}
          alt={product.productName}
          lazy
        />
      </Link>
      <div className="product-card__body">
        <div className="product-card__badges">
          {product.status !== 'available' && <ListingStatusBadge status={product.status} />}
          {product.advertised && <Badge tone="info">Advertised</Badge>}
        </div>
        <Title id={titleId} className="product-card__title">
          <Link to={href}>{product.productName}</Link>
        </Title>
        <p className="product-card__about">{product.about}</p>
        <dl className="product-card__facts">
          <dt>Original price</dt>
          <dd>{formatPrice(product.buyingPrice)}</dd>
          <dt>Selling price</dt>
          <dd className="product-card__price">{formatPrice(product.sellingPrice)}</dd>
          <dt>Years used</dt>
          <dd>{product.year}</dd>
          <dt>Condition</dt>
          <dd>{product.condition}</dd>
          <dt>Location</dt>
          <dd>{product.address}</dd>
          <dt>Seller</dt>
          <dd>
            {product.sellerName}
            {product.sellerVerified && (
              <span className="verified" title="Verified seller">
                <VerifiedIcon title="Verified seller" className="icon icon--small" />
              </span>
            )}
          </dd>
          <dt>Mobile</dt>
          <dd>
            <a href={`tel:${product.phone}`}>{product.phone}</a>
          </dd>
          <dt>Posted</dt>
          <dd>
            <time dateTime={product.postTime}>{formatPostTime(product.postTime)}</time>
          </dd>
        </dl>
        {actions && <div className="product-card__actions">{actions}</div>}
      </div>
    </article>
  );
}
