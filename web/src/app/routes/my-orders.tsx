import { OrdersTable } from '@/features/orders/components/orders-table.tsx';

export function Component() {
  return <OrdersTable />;
}
