import { apiRequest } from '@/lib/api-client.ts';

/** Why a user reports a listing: the server's fixed list, in the order the form offers it. */
export const reportReasons = [
  { value: 'stolen-or-blocked', label: 'Stolen or blocked device' },
  { value: 'misleading-description', label: 'Misleading description' },
  { value: 'wrong-price', label: 'Wrong price' },
  { value: 'prohibited-item', label: 'Prohibited item' },
  { value: 'spam-or-duplicate', label: 'Spam or duplicate' },
  { value: 'other', label: 'Other' },
] as const;
export type ReportReason = (typeof reportReasons)[number]['value'];

/** The short text a user writes with 'Other', at most. */
export const maxReportDetails = 200;

export interface Report {
  reason: ReportReason;
  /** With 'other' only. */
  details?: string;
}

/** PUT /allProducts/{productId}: reports the product, saying why. */
export function reportProduct(productId: string, report: Report, idempotencyKey: string) {
  return apiRequest<{ modifiedCount: number; position: number }>(
    `/allProducts/${encodeURIComponent(productId)}`,
    { method: 'PUT', json: report, idempotencyKey },
  );
}
