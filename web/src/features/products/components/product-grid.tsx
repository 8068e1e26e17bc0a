import type { ReactNode } from 'react';
import type { Product } from '../api/products.ts';
import { ProductCard } from './product-card.tsx';

/** Product cards in a responsive grid; `renderActions` adds Purchase and Report to each. */
export function ProductGrid({
  products,
  renderActions,
  headingLevel,
}: {
  products: Product[];
  headingLevel: 2 | 3;
  renderActions?: ((product: Product) => ReactNode) | undefined;
}) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            actions={renderActions?.(product)}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
