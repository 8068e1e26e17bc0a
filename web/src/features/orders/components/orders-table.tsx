import { Link } from 'react-router-dom';
import { LiveTable } from '@/components/live-table.tsx';
import { BookingStatusBadge } from '@/components/ui/booking-status-badge.tsx';
import { useChangeToasts } from '@/lib/change-toasts.ts';
import { paths } from '@/config/paths.ts';
import { formatPrice } from '@/lib/format.ts';
import { useCommand } from '@/lib/use-command.ts';
import {
  cancelBooking,
  MyBookingsChangedSubscription,
  MyBookingsQuery,
  type Booking,
} from '../api/orders.ts';

/** What a booking's status says to its buyer, in the table and in a toast when it changes. */
const statusText: Record<Booking['status'], string> = {
  pending: 'Waiting for the seller',
  accepted: 'Accepted by the seller',
  declined: 'Declined by the seller',
  cancelled: 'Cancelled',
  expired: 'Expired: the seller did not answer',
};

const cancelledText: Record<string, string> = {
  'buyer-cancelled': 'Cancelled by you',
  'buyer-deleted': 'Cancelled: your account was deleted',
  'seller-deleted': "Cancelled: the seller's account was deleted",
};

const describe = (booking: Booking): string =>
  booking.status === 'cancelled'
    ? (cancelledText[booking.cancelReason ?? ''] ?? statusText.cancelled)
    : statusText[booking.status];

/** A toast for each booking whose status changed since the last answer. */
const changeMessage = (before: Booking | undefined, now: Booking): string | null =>
  before && before.status !== now.status ? `${now.productName}: ${describe(now)}` : null;

const cancelled = () => 'Booking cancelled';

/** The signed-in user's bookings, each with where it stands, live; pending ones can be cancelled. */
export function OrdersTable() {
  const onRows = useChangeToasts(changeMessage);
  const [cancel, cancelling] = useCommand(cancelBooking, cancelled);
  return (
    <LiveTable
      title="My Orders"
      what="Your orders"
      empty="You have no orders yet."
      query={MyBookingsQuery}
      changes={MyBookingsChangedSubscription}
      rows={(data) => data.myBookings}
      onRows={onRows}
      columns={[
        { header: '#', cell: (_, index) => index + 1 },
        {
          header: 'Product',
          cell: (booking) => (
            <Link to={paths.product.getHref(booking.productId)}>{booking.productName}</Link>
          ),
        },
        { header: 'Brand', cell: (booking) => booking.Brand },
        { header: 'Price', cell: (booking) => formatPrice(booking.sellingPrice) },
        { header: 'Phone', cell: (booking) => booking.phone },
        { header: 'Address', cell: (booking) => booking.address },
        {
          header: 'Status',
          cell: (booking) => (
            <BookingStatusBadge status={booking.status}>{describe(booking)}</BookingStatusBadge>
          ),
        },
        {
          header: 'Action',
          cell: (booking) =>
            booking.status === 'pending' && (
              <button
                type="button"
                className="button button--small button--danger"
                disabled={cancelling}
                aria-label={`Cancel the booking of ${booking.productName}`}
                onClick={() => void cancel(booking._id)}
              >
                Cancel
              </button>
            ),
        },
      ]}
    />
  );
}
