import { queryErrorMessage } from '@/lib/api-client.ts';
import { useState, type ReactNode } from 'react';
import { ErrorMessage } from '@/components/ui/error-message.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { PRODUCTS_PAGE_SIZE } from '@/config/constants.ts';
import { useLiveQuery } from '@/lib/live-query.ts';
import { ProductsChangedSubscription, ProductsQuery, type Product } from '../api/products.ts';
import { ProductCard } from './product-card.tsx';

/**
 * A brand's products, newest first, page by page. The list stays live: a product listed or booked
 * anywhere shows up here without a reload.
 */
export function ProductList({
  brand,
  renderActions,
}: {
  brand: string;
  renderActions?: (product: Product) => ReactNode;
}) {
  const [pages, setPages] = useState(1);
  // One growing query rather than one per page: a live re-query then refreshes every shown card.
  const [{ data, fetching, error }, reexecute] = useLiveQuery({
    query: ProductsQuery,
    variables: { brand, limit: pages * PRODUCTS_PAGE_SIZE },
    changes: ProductsChangedSubscription,
    changeVariables: { brand },
  });

  if (!data) {
    if (error) {
      return (
        <ErrorMessage
          title="Products could not be loaded"
          message={queryErrorMessage(error)}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      );
    }
    return <Spinner label="Loading products…" />;
  }
  const { items, nextCursor } = data.products;
  if (items.length === 0) return <p className="empty">No products in this category yet.</p>;
  return (
    <>
      <ul className="product-grid">
        {items.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} actions={renderActions?.(product)} />
          </li>
        ))}
      </ul>
      {nextCursor && (
        <div className="load-more">
          <button
            type="button"
            className="button button--outline"
            disabled={fetching}
            onClick={() => setPages((count) => count + 1)}
          >
            {fetching ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
