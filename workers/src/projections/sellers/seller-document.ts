/** Spec section 3: Seller record, plus whether an admin verified the seller. */
export type SellerDocument = {
  _id: string;
  name: string;
  email: string;
  sellerEmail: string;
  verified: boolean;
  /** When the seller registered (their SellerRegistered); their page shows it as "member since". */
  memberSince: string;
};
