import type { ReactNode } from 'react';
import { ErrorMessage } from '@/components/ui/error-message.tsx';
import { LoadState } from '@/components/ui/load-state.tsx';
import { queryErrorMessage } from '@/lib/api-client.ts';
import type { Product } from '../api/products.ts';
import type { ProductSearch } from '../api/search-products.ts';
import { useProductPages, useSearchPages, type ProductPages } from '../api/use-product-pages.ts';
import { ProductGrid } from './product-grid.tsx';

type Actions = ((product: Product) => ReactNode) | undefined;

/** Loaded pages of products with 'Load more'; `empty` is what an empty list shows. */
function ProductPagesView({
  pages,
  empty,
  renderActions,
}: {
  pages: ProductPages;
  empty: ReactNode;
  renderActions: Actions;
}) {
  const { products, hasMore, loadingMore, error, loadMore, retry } = pages;

  if (!products) return <LoadState what="Products" error={error} onRetry={retry} />;
  if (products.length === 0) return <>{empty}</>;
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

/**
 * A brand's products, newest first, page by page. The list stays live: a product listed or booked
 * anywhere shows up here without a reload.
 */
export function ProductList({ brand, renderActions }: { brand: string; renderActions?: Actions }) {
  return (
    <ProductPagesView
      pages={useProductPages(brand)}
      empty={<p className="empty">No products in this category yet.</p>}
      renderActions={renderActions}
    />
  );
}

/**
 * The products of a search, page by page, live: a matching product listed, booked or removed
 * anywhere shows (or goes) without a reload. An empty result says so and offers to clear the
 * filters.
 */
export function SearchResults({
  search,
  onClear,
  renderActions,
}: {
  search: ProductSearch;
  onClear: () => void;
  renderActions?: Actions;
}) {
  return (
    <ProductPagesView
      pages={useSearchPages(search)}
      empty={
        <div className="empty" role="status">
          <p>No products match your search.</p>
          <button type="button" className="button button--outline" onClick={onClear}>
            Clear filters
          </button>
        </div>
      }
      renderActions={renderActions}
    />
  );
}
