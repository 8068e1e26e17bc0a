import { Link } from 'react-router-dom';
import { LiveTable } from '@/components/live-table.tsx';
import { BookingStatusBadge } from '@/components/ui/booking-status-badge.tsx';
import { paths } from '@/config/paths.ts';
import { useChangeToasts } from '@/lib/change-toasts.ts';
import { formatPrice } from '@/lib/format.ts';
import { useCommand } from '@/lib/use-command.ts';
import {
  acceptBooking,
  declineBooking,
  SellerBookingsChangedSubscription,
  SellerBookingsQuery,
  type ReceivedBooking,
} from '../api/seller-bookings.ts';

const cancelledText: Record<string, string> = {
  'buyer-cancelled': 'Cancelled by the buyer',
  'buyer-deleted': "Cancelled: the buyer's account was deleted",
  'seller-deleted': 'Cancelled: your seller account was deleted',
};

/** Where a booking stands, as its seller reads it. */
export const sellerStatusText = (booking: ReceivedBooking): string => {
  switch (booking.status) {
    case 'pending':
      return 'Waiting for your answer';
    case 'accepted':
      return 'Accepted: sold';
    case 'declined':
      return 'Declined';
    case 'cancelled':
      return cancelledText[booking.cancelReason ?? ''] ?? 'Cancelled';
    case 'expired':
      return 'Expired unanswered';
  }
};

/** A change the seller did not make: a booking that ended by the buyer or its time. */
const changeMessage = (before: ReceivedBooking | undefined, now: ReceivedBooking) =>
  before && before.status !== now.status && (now.status === 'cancelled' || now.status === 'expired')
    ? `${now.productName}: ${sellerStatusText(now)}`
    : null;

const answerBy = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Accept or Decline, named for the booking it answers. */
function AnswerButton({
  answer,
  tone,
  booking,
  disabled,
  onClick,
}: {
  answer: 'Accept' | 'Decline';
  tone: 'primary' | 'danger';
  booking: ReceivedBooking;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`button button--small button--${tone}`}
      disabled={disabled}
      aria-label={`${answer} the booking of ${booking.productName} by ${booking.buyerName}`}
      onClick={onClick}
    >
      {answer}
    </button>
  );
}

/** "Bookings on my listings": every booking of the seller's products, live, with its answers. */
export function SellerBookingsTable() {
  const onRows = useChangeToasts(changeMessage);
  const [accept, accepting] = useCommand(
    acceptBooking,
    () => 'Booking accepted: the phone is sold',
  );
  const [decline, declining] = useCommand(
    declineBooking,
    () => 'Booking declined: the phone is on sale again',
  );
  const busy = accepting || declining;
  return (
    <LiveTable
      title="Bookings on my listings"
      what="The bookings of your products"
      empty="Nobody has booked your products yet."
      query={SellerBookingsQuery}
      changes={SellerBookingsChangedSubscription}
      rows={(data) => data.sellerBookings}
      onRows={onRows}
      columns={[
        {
          header: 'Product',
          cell: (booking) => (
            <>
              <Link to={paths.product.getHref(booking.productId)}>{booking.productName}</Link>
              <span className="cell-note">{formatPrice(booking.sellingPrice)}</span>
            </>
          ),
        },
        {
          header: 'Buyer',
          cell: (booking) => (
            <>
              {booking.buyerName}
              <span className="cell-note">{booking.email}</span>
              {booking.phone && <span className="cell-note">{booking.phone}</span>}
              {booking.address && <span className="cell-note">{booking.address}</span>}
            </>
          ),
        },
        {
          header: 'Status',
          cell: (booking) => (
            <>
              <BookingStatusBadge status={booking.status}>
                {sellerStatusText(booking)}
              </BookingStatusBadge>
              {booking.status === 'pending' && (
                <span className="cell-note">Answer by {answerBy(booking.expiresAt)}</span>
              )}
            </>
          ),
        },
        {
          header: 'Answer',
          cell: (booking) =>
            booking.status === 'pending' && (
              <span className="button-row">
                <AnswerButton
                  answer="Accept"
                  tone="primary"
                  booking={booking}
                  disabled={busy}
                  onClick={() => void accept(booking._id)}
                />
                <AnswerButton
                  answer="Decline"
                  tone="danger"
                  booking={booking}
                  disabled={busy}
                  onClick={() => void decline(booking._id)}
                />
              </span>
            ),
        },
      ]}
    />
  );
}
