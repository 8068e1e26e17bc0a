import { CategoryGrid } from '@/features/categories/components/category-grid.tsx';
import { Hero } from '@/features/categories/components/hero.tsx';
import { AdvertisedProducts } from '@/features/products/components/advertised-products.tsx';
import { ProductActions } from './product-actions.tsx';

export function Component() {
  return (
    <>
      <Hero targetId="categories" />
      <CategoryGrid id="categories" />
      <AdvertisedProducts renderActions={(product) => <ProductActions product={product} />} />
    </>
  );
}
