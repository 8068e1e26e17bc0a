import { MyProducts } from '@/features/seller/components/my-products.tsx';

export function Component() {
  return <MyProducts />;
}
