import { useQuery } from 'urql';
import { useParams } from 'react-router-dom';
import { LoadState } from '@/components/ui/load-state.tsx';
import { CategoryQuery } from '@/features/categories/api/categories.ts';
import { ProductList } from '@/features/products/components/product-list.tsx';
import { NotFound } from './not-found.tsx';
import { ProductActions } from './product-actions.tsx';

export function Component() {
  const { id = '' } = useParams();
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
  return (
    <section className="section" aria-labelledby="category-title">
      <h1 id="category-title" className="section__title">
        {data.category.title}
      </h1>
      {/* Keyed by brand: another category starts again from its first page. */}
      <ProductList
        key={data.category.title}
        brand={data.category.title}
        renderActions={(product) => <ProductActions product={product} />}
      />
    </section>
  );
}
