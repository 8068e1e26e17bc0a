import { apiRequest } from '@/lib/api-client.ts';
import type { ReportReason } from '@/lib/report-reasons.ts';

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
