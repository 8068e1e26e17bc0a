import { apiRequest } from '@/lib/api-client.ts';

/** PUT /allProducts/{productId}: marks the product reported. */
export function reportProduct(productId: string, idempotencyKey: string) {
  return apiRequest<{ modifiedCount: number; position: number }>(
    `/allProducts/${encodeURIComponent(productId)}`,
    { method: 'PUT', idempotencyKey },
  );
}
