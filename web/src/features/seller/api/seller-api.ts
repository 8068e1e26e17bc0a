import { apiRequest } from '@/lib/api-client.ts';

export type NewProduct = {
  productName: string;
  sellerName: string;
  condition: string;
  email: string;
  Brand: string;
  picture: string;
  address: string;
  about: string;
  sellerEmail: string;
  phone: string;
  buyingPrice: number;
  sellingPrice: number;
  year: number;
};

/** POST /images (multipart, field `image`): answers the stored image's URL. */
export async function uploadImage(image: File): Promise<string> {
  const form = new FormData();
  form.append('image', image);
  const answer = await apiRequest<{ success: boolean; data?: { url: string } }>('/images', {
    method: 'POST',
    formData: form,
  });
  if (!answer.success || !answer.data?.url) throw new Error('The image could not be uploaded.');
  return answer.data.url;
}

export function saveProduct(product: NewProduct, idempotencyKey: string) {
  return apiRequest<{ acknowledged: boolean; insertedId: string; position: number }>(
    '/myProducts',
    { method: 'POST', json: product, idempotencyKey },
  );
}

export function setAvailability(productId: string, available: boolean, idempotencyKey: string) {
  return apiRequest<{ modifiedCount: number; position: number }>(
    `/myProducts/${encodeURIComponent(productId)}/availability`,
    { method: 'PUT', json: { available }, idempotencyKey },
  );
}

export function advertise(productId: string, idempotencyKey: string) {
  return apiRequest<{ modifiedCount: number; position: number }>(
    `/myProducts/${encodeURIComponent(productId)}/advertise`,
    { method: 'PUT', idempotencyKey },
  );
}

/** What a seller may change in a listing; only the fields given change. */
export type ListingChanges = {
  sellingPrice?: number;
  condition?: string;
  about?: string;
  /** The URL POST /images answered. */
  picture?: string;
};

/** PATCH /myProducts/{id}: 409 says why while a booking waits, or once sold or withdrawn. */
export function editListing(productId: string, changes: ListingChanges, idempotencyKey: string) {
  return apiRequest<{ position: number }>(`/myProducts/${encodeURIComponent(productId)}`, {
    method: 'PATCH',
    json: changes,
    idempotencyKey,
  });
}

/** POST /myProducts/{id}/withdraw: off the site for good. */
export function withdrawListing(idempotencyKey: string, productId: string) {
  return apiRequest<{ position: number }>(`/myProducts/${encodeURIComponent(productId)}/withdraw`, {
    method: 'POST',
    idempotencyKey,
  });
}

/** POST /myProducts/{id}/sold: sold outside the site, for good. */
export function markListingSold(idempotencyKey: string, productId: string) {
  return apiRequest<{ position: number }>(`/myProducts/${encodeURIComponent(productId)}/sold`, {
    method: 'POST',
    idempotencyKey,
  });
}

export type CategoryOption = { _id: string; title: string };

/** GET /addProductCategory: the brands a product can be listed under. */
export function fetchProductCategories(signal?: AbortSignal) {
  return apiRequest<CategoryOption[]>('/addProductCategory', { signal, bearer: null });
}

/** POST /myProducts/{id}/review: asks the admins to look again at an own hidden listing. */
export function requestReview(idempotencyKey: string, productId: string) {
  return apiRequest<{ position: number }>(`/myProducts/${encodeURIComponent(productId)}/review`, {
    method: 'POST',
    json: {},
    idempotencyKey,
  });
}
