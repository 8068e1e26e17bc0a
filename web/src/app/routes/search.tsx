import { SearchFilters } from '@/features/products/components/search-filters.tsx';
import { SearchResults } from '@/features/products/components/product-list.tsx';
import { useUrlSearch } from '@/features/products/search-params.ts';
import { ProductActions } from './product-actions.tsx';

/** Every brand's products by keywords and filters, kept in the URL: a link reproduces the page. */
export function Component() {
  const { search, setSearch, clear } = useUrlSearch();
  return (
    <section className="section" aria-labelledby="search-title">
      <h1 id="search-title" className="section__title">
        {search.q ? `Results for “${search.q}”` : 'Search phones'}
      </h1>
      <SearchFilters search={search} onChange={setSearch} onClear={clear} />
      <SearchResults
        search={search}
        onClear={clear}
        renderActions={(product) => <ProductActions product={product} />}
      />
    </section>
  );
}
