import type { FieldErrors } from '@/lib/use-form.ts';

// Spec section 5: every add-product field is required, each with its own message.
export type ProductFormValues = {
  sellerName: string;
  productName: string;
  email: string;
  image: File | null;
  Brand: string;
  condition: string;
  buyingPrice: string;
  sellingPrice: string;
  year: string;
  phone: string;
  about: string;
  address: string;
};

const messages: Record<keyof ProductFormValues, string> = {
  sellerName: 'sellerName is required',
  productName: 'name is required',
  email: 'email is required',
  image: 'img is required',
  Brand: 'category is required',
  condition: 'condition is required',
  buyingPrice: 'buyingPrice is required',
  sellingPrice: 'sellingPrice is required',
  year: 'year is required',
  phone: 'phone is required',
  about: 'about is required',
  address: 'address is required',
};

export function validateProduct(values: ProductFormValues): FieldErrors<ProductFormValues> {
  const errors: FieldErrors<ProductFormValues> = {};
  for (const field of Object.keys(messages) as (keyof ProductFormValues)[]) {
    const value = values[field];
    const missing = value === null || (typeof value === 'string' && value.trim() === '');
    if (missing) errors[field] = messages[field];
  }
  return errors;
}

/** The fields of a listing its seller may change; a new picture is optional. */
export type ListingEditValues = {
  sellingPrice: string;
  condition: string;
  about: string;
  image: File | null;
};

/** The add-product form's rules for the fields an edit keeps; a price is a number above 0. */
export function validateListingEdit(values: ListingEditValues): FieldErrors<ListingEditValues> {
  const errors: FieldErrors<ListingEditValues> = {};
  const price = values.sellingPrice.trim();
  if (price === '') errors.sellingPrice = messages.sellingPrice;
  else if (!(Number(price) > 0)) errors.sellingPrice = 'sellingPrice must be a number above 0';
  if (values.condition.trim() === '') errors.condition = messages.condition;
  if (values.about.trim() === '') errors.about = messages.about;
  return errors;
}
