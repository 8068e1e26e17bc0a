import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useChangeToasts } from '@/lib/change-toasts.ts';
import { useLiveQuery } from '@/lib/live-query.ts';
import { useSession } from '@/lib/session.tsx';
import {
  SellerBookingsChangedSubscription,
  SellerBookingsQuery,
  type ReceivedBooking,
} from '../api/seller-bookings.ts';

/** Someone booked one of the seller's products: a toast on whatever page the seller is. */
const newBookingMessage = (before: ReceivedBooking | undefined, now: ReceivedBooking) =>
  before === undefined && now.status === 'pending'
    ? `${now.buyerName} booked your ${now.productName}`
    : null;

/** For sellers: the navigation's entry of their bookings (nothing for anyone else). */
export function PendingBookingsCount() {
  const { account } = useSession();
  return account?.isSeller ? <SellerBookingsLink /> : null;
}

/**
 * The link to the seller's bookings, with how many wait for an answer; it stays live, and
 * toasts each new booking wherever the seller is.
 */
function SellerBookingsLink() {
  const [{ data }] = useLiveQuery({
    query: SellerBookingsQuery,
    changes: SellerBookingsChangedSubscription,
  });
  const onRows = useChangeToasts(newBookingMessage);
  const rows = data?.sellerBookings;
  useEffect(() => {
    if (rows) onRows(rows);
  }, [rows, onRows]);
  const pending = rows?.filter((booking) => booking.status === 'pending').length ?? 0;
  return (
    <li>
      <Link
        to={paths.dashboard.sellerBookings.getHref()}
        className="navbar__bookings"
        aria-label={`Bookings on my listings: ${pending} waiting for your answer`}
      >
        Bookings
        {pending > 0 && (
          <span className="navbar__count" aria-hidden="true">
            {pending}
          </span>
        )}
      </Link>
    </li>
  );
}
