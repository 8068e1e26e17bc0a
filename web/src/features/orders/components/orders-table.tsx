import { LiveTable } from '@/components/live-table.tsx';
import { formatPrice } from '@/lib/format.ts';
import { MyBookingsChangedSubscription, MyBookingsQuery } from '../api/orders.ts';

/** The signed-in user's bookings; a new booking appears as soon as it is projected. */
export function OrdersTable() {
  return (
    <LiveTable
      title="My Orders"
      what="Your orders"
      empty="You have no orders yet."
      query={MyBookingsQuery}
      changes={MyBookingsChangedSubscription}
      rows={(data) => data.myBookings}
      columns={[
        { header: '#', cell: (_, index) => index + 1 },
        { header: 'Product', cell: (booking) => booking.productName },
        { header: 'Brand', cell: (booking) => booking.Brand },
        { header: 'Price', cell: (booking) => formatPrice(booking.sellingPrice) },
        { header: 'Phone', cell: (booking) => booking.phone },
        { header: 'Address', cell: (booking) => booking.address },
      ]}
    />
  );
}
