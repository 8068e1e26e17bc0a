import { AddProductForm } from '@/features/seller/components/add-product-form.tsx';

export function Component() {
  return <AddProductForm />;
}
