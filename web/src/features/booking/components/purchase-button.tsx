import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/session.tsx';
import {
  bookingMachine,
  isBookingFormOpen,
  type BookableProduct,
} from '../machines/booking-machine.ts';
import { BookingModal } from './booking-modal.tsx';

/**
 * 'Purchase' opens the booking modal; a booked or withdrawn product cannot be purchased. `label`
 * names the button where the page calls it otherwise ('Book now' on a product's own page).
 */
export function PurchaseButton({
  product,
  booked,
  available,
  label = 'Purchase',
  machine = bookingMachine,
}: {
  product: BookableProduct;
  booked: boolean;
  available: boolean;
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
  // The live list flips `booked` once the projection catches up; `confirmed` covers the gap.
  const unavailable = booked || confirmed || !available;
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={unavailable}
        onClick={() => booking.send({ type: 'booking.open', product, buyer })}
      >
        {booked || confirmed ? 'Booked' : available ? label : 'Unavailable'}
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
