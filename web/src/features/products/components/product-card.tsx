import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { VerifiedIcon } from '@/components/ui/icons.tsx';
import { ProductImage } from '@/components/ui/product-image.tsx';
import { formatPostTime, formatPrice } from '@/lib/format.ts';
import type { Product } from '../api/products.ts';

/** One product with every field of spec section 2; `actions` are the Purchase and Report buttons. */
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
  return (
    <article className="product-card" aria-labelledby={titleId}>
      <ProductImage
        className="product-card__image"
        picture={product.picture}
        alt={product.productName}
        lazy
      />
      <div className="product-card__body">
        <div className="product-card__badges">
          {product.booked && <Badge tone="warning">Booked</Badge>}
          {!product.booked && !product.available && <Badge>Unavailable</Badge>}
          {product.advertised && <Badge tone="info">Advertised</Badge>}
        </div>
        <Title id={titleId} className="product-card__title">
          {product.productName}
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
