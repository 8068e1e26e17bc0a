/** Spec section 3: Category. */
export type CategoryDocument = {
  _id: string;
  title: string;
  image: string;
};
