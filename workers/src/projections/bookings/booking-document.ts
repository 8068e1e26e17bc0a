/** Spec section 3: Booking, plus the booked product and the buyer's uid. */
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
};
