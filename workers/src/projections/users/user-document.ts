/** Spec section 3: User; `_id` is the Firebase uid. */
export type UserDocument = {
  _id: string;
  name: string;
  email: string;
  role: 'buyer' | 'seller' | 'admin';
};
