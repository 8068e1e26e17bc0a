import type { ReactNode } from 'react';
import { useQuery } from 'urql';
import { AdvertisedProductsQuery, type Product } from '../api/products.ts';
import { ProductGrid } from './product-grid.tsx';

/** Sellers' advertised products, featured on the home page; hidden when there are none. */
export function AdvertisedProducts({
  renderActions,
}: {
  renderActions?: (product: Product) => ReactNode;
}) {
  const [{ data }] = useQuery({ query: AdvertisedProductsQuery });
  const items = data?.advertisedProducts ?? [];
  if (items.length === 0) return null;
  return (
    <section className="section" aria-labelledby="advertised-title">
      <h2 id="advertised-title" className="section__title">
        Advertised products
      </h2>
      <ProductGrid products={items} renderActions={renderActions} headingLevel={3} />
    </section>
  );
}
