import { queryErrorMessage } from '@/lib/api-client.ts';
import { useQuery } from 'urql';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '@/components/ui/error-message.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { imageUrl } from '@/lib/format.ts';
import placeholder from '@/assets/phone-placeholder.svg';
import { CategoriesQuery } from '../api/categories.ts';

export function CategoryGrid({ id }: { id: string }) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: CategoriesQuery });
  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="section__title">
        Brand categories
      </h2>
      {fetching && !data && <Spinner label="Loading categories…" />}
      {error && !data && (
        <ErrorMessage
          title="Categories could not be loaded"
          message={queryErrorMessage(error)}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      )}
      {data && data.categories.length === 0 && <p className="empty">No categories yet.</p>}
      {data && (
        <ul className="category-grid">
          {data.categories.map((category) => (
            <li key={category._id} className="category-card">
              <img
                src={imageUrl(category.image) || placeholder}
                alt=""
                loading="lazy"
                onError={(event) => {
                  event.currentTarget.src = placeholder;
                }}
              />
              <h3>{category.title}</h3>
              <Link
                className="button button--primary"
                to={paths.category.getHref(category._id)}
                aria-label={`See All Categories: ${category.title}`}
              >
                See All Categories
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
