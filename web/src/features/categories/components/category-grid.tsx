import { useQuery } from 'urql';
import { Link } from 'react-router-dom';
import { LoadState } from '@/components/ui/load-state.tsx';
import { ProductImage } from '@/components/ui/product-image.tsx';
import { paths } from '@/config/paths.ts';
import { CategoriesQuery } from '../api/categories.ts';

export function CategoryGrid({ id }: { id: string }) {
  const [{ data, error }, reexecute] = useQuery({ query: CategoriesQuery });
  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="section__title">
        Brand categories
      </h2>
      {!data && (
        <LoadState
          what="Categories"
          error={error}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      )}
      {data && data.categories.length === 0 && <p className="empty">No categories yet.</p>}
      {data && (
        <ul className="category-grid">
          {data.categories.map((category) => (
            <li key={category._id} className="category-card">
              <ProductImage className="category-card__image" picture={category.image} alt="" lazy />
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
