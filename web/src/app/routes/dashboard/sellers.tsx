import { SellersList } from '@/features/admin/components/sellers-list.tsx';

export function Component() {
  return <SellersList />;
}
