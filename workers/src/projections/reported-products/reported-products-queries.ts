import type { ReadStore } from '../../read-store/port.ts';
import type { ReportedProductDocument } from './reported-products-projection.ts';

/** Reported, not deleted products, newest first. */
export async function listReportedProducts(store: ReadStore): Promise<ReportedProductDocument[]> {
  const { items } = await store.find<ReportedProductDocument>('reportedProducts', {
    orderBy: [
      ['postTime', 'desc'],
      ['_id', 'desc'],
    ],
  });
  return items;
}
