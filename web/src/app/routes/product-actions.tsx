import { PurchaseButton } from '@/features/booking/components/purchase-button.tsx';
import type { Product } from '@/features/products/api/products.ts';
import { ReportButton } from '@/features/report/components/report-button.tsx';

/** Purchase and Report composed here, so products, booking and report stay independent. */
export function ProductActions({ product }: { product: Product }) {
  return (
    <>
      <PurchaseButton product={product} status={product.status} />
      <ReportButton productId={product._id} productName={product.productName} />
    </>
  );
}
