/** Where a booking stands: pending until its seller, its buyer or its time ends it. */
export type BookingStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/**
 * Spec section 3: Booking, plus the booked product, the buyer's uid, the seller (null for a
 * booking made before bookings named it), where the booking stands, when it expires unanswered
 * and, once cancelled, why ('buyer-cancelled', 'buyer-deleted', 'seller-deleted').
 */
export type BookingDocument = {
  _id: string;
  Brand: string;
  buyerName: string;
  email: string;
  phone: string;
  address: string;
  sellingPrice: number;
  productId: string;
  productName: string;
  buyerUid: string;
  sellerUid: string | null;
  sellerEmail: string | null;
  status: BookingStatus;
  expiresAt: string;
  cancelReason: string | null;
};
