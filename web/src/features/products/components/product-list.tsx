import type { ReactNode } from 'react';
import { ErrorMessage } from '@/components/ui/error-message.tsx';
import { LoadState } from '@/components/ui/load-state.tsx';
import { queryErrorMessage } from '@/lib/api-client.ts';
import type { Product } from '../api/products.ts';
import { useProductPages } from '../api/use-product-pages.ts';
import { ProductGrid } from './product-grid.tsx';

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
  const { products, hasMore, loadingMore, error, loadMore, retry } = useProductPages(brand);

  if (!products) return <LoadState what="Products" error={error} onRetry={retry} />;
  if (products.length === 0) return <p className="empty">No products in this category yet.</p>;
  return (
    <>
      <ProductGrid products={products} renderActions={renderActions} headingLevel={2} />
      {error && (
        <ErrorMessage
          title="More products could not be loaded"
          message={queryErrorMessage(error)}
          onRetry={retry}
        />
      )}
      {hasMore && !error && (
        <div className="load-more">
          <button
            type="button"
            className="button button--outline"
            disabled={loadingMore}
            onClick={loadMore}
          >
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
