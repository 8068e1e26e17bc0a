import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation } from 'react-router-dom';
import { listingStatusText, type ListingStatus } from '@/components/ui/listing-status-badge.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/session.tsx';
import {
  bookingMachine,
  isBookingFormOpen,
  type BookableProduct,
} from '../machines/booking-machine.ts';
import { BookingModal } from './booking-modal.tsx';

/**
 * 'Purchase' opens the booking modal; a product not available (booked, sold, withdrawn) cannot be
 * purchased, and the button says where it stands. `label` names the button where the page calls
 * it otherwise ('Book now' on a product's own page).
 */
export function PurchaseButton({
  product,
  status,
  label = 'Purchase',
  machine = bookingMachine,
}: {
  product: BookableProduct;
  status: ListingStatus;
  label?: string;
  machine?: typeof bookingMachine;
}) {
  const session = useSession();
  const location = useLocation();
  const booking = useActorRef(machine);
  const open = useSelector(booking, isBookingFormOpen);
  const submitting = useSelector(booking, (state) => state.matches('submitting'));
  const confirmed = useSelector(booking, (state) => state.matches('confirmed'));
  const error = useSelector(booking, (state) => state.context.error);

  if (!session.user) {
    return (
      <Link
        className="button button--primary"
        to={paths.login.getHref()}
        state={{ from: location }}
      >
        {label}
      </Link>
    );
  }
  const buyer = { name: session.user.displayName || session.user.email, email: session.user.email };
  // The live list shows the product booked once the projection catches up; `confirmed` covers
  // the gap.
  const unavailable = confirmed || status !== 'available';
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={unavailable}
        onClick={() => booking.send({ type: 'booking.open', product, buyer })}
      >
        {confirmed ? listingStatusText('booked') : unavailable ? listingStatusText(status) : label}
      </button>
      {open && (
        <BookingModal
          product={product}
          buyer={buyer}
          submitting={submitting}
          error={error}
          onSubmit={(details) => booking.send({ type: 'booking.submit', ...details })}
          onClose={() => booking.send({ type: 'booking.close' })}
        />
      )}
    </>
  );
}
