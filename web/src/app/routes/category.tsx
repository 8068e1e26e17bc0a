import { queryErrorMessage } from '@/lib/api-client.ts';
import { useQuery } from 'urql';
import { useParams } from 'react-router-dom';
import { ErrorMessage } from '@/components/ui/error-message.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CategoryQuery } from '@/features/categories/api/categories.ts';
import { ProductList } from '@/features/products/components/product-list.tsx';
import { NotFound } from './not-found.tsx';
import { ProductActions } from './product-actions.tsx';

export function Component() {
  const { id = '' } = useParams();
  const [{ data, error }, reexecute] = useQuery({ query: CategoryQuery, variables: { id } });
  if (!data) {
    if (error) {
      return (
        <ErrorMessage
          title="This category could not be loaded"
          message={queryErrorMessage(error)}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      );
    }
    return <Spinner label="Loading category…" />;
  }
  if (!data.category) return <NotFound />;
  return (
    <section className="section" aria-labelledby="category-title">
      <h1 id="category-title" className="section__title">
        {data.category.title}
      </h1>
      <ProductList
        brand={data.category.title}
        renderActions={(product) => <ProductActions product={product} />}
      />
    </section>
  );
}
