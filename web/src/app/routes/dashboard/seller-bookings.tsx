import { SellerBookingsTable } from '@/features/seller-bookings/components/seller-bookings-table.tsx';

export function Component() {
  return <SellerBookingsTable />;
}
