import { useQuery } from 'urql';
import { useParams } from 'react-router-dom';
import { LoadState } from '@/components/ui/load-state.tsx';
import { CategoryQuery } from '@/features/categories/api/categories.ts';
import { SearchFilters } from '@/features/products/components/search-filters.tsx';
import { ProductList, SearchResults } from '@/features/products/components/product-list.tsx';
import { isFiltered, useUrlSearch } from '@/features/products/search-params.ts';
import { NotFound } from './not-found.tsx';
import { ProductActions } from './product-actions.tsx';

export function Component() {
  const { id = '' } = useParams();
  const { search, setSearch, clear } = useUrlSearch();
  const [{ data, error }, reexecute] = useQuery({ query: CategoryQuery, variables: { id } });
  if (!data) {
    return (
      <LoadState
        what="This category"
        error={error}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  }
  if (!data.category) return <NotFound />;
  const brand = data.category.title;
  const renderActions = (product: Parameters<typeof ProductActions>[0]['product']) => (
    <ProductActions product={product} />
  );
  return (
    <section className="section" aria-labelledby="category-title">
      <h1 id="category-title" className="section__title">
        {brand}
      </h1>
      <SearchFilters search={search} onChange={setSearch} onClear={clear} />
      {/* Keyed by brand: another category starts again from its first page. Unfiltered, the
          brand's products newest first; filtered, the same search as /search, in this brand. */}
      {isFiltered(search) ? (
        <SearchResults
          key={brand}
          search={{ ...search, brand }}
          onClear={clear}
          renderActions={renderActions}
        />
      ) : (
        <ProductList key={brand} brand={brand} renderActions={renderActions} />
      )}
    </section>
  );
}
