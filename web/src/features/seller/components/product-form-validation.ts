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
