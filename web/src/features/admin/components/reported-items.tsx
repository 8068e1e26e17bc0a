import { LiveTable } from '@/components/live-table.tsx';
import { DeleteButton } from '@/components/ui/delete-button.tsx';
import { ProductImage } from '@/components/ui/product-image.tsx';
import { formatPrice } from '@/lib/format.ts';
import { useCommand } from '@/lib/use-command.ts';
import {
  deleteReportedProduct,
  ReportedProductsChangedSubscription,
  ReportedProductsQuery,
  type ReportedProduct,
} from '../api/admin-api.ts';

const deleteProduct = (key: string, product: ReportedProduct) =>
  deleteReportedProduct(key, product._id);
const deleted = (product: ReportedProduct) => `Successfully deleted ${product.productName}`;

/** Reported products; the list changes live when anyone reports or deletes. */
export function ReportedItems() {
  const [remove] = useCommand(deleteProduct, deleted);
  return (
    <LiveTable
      title="Reported Items"
      what="Reported items"
      empty="No reported products."
      query={ReportedProductsQuery}
      changes={ReportedProductsChangedSubscription}
      rows={(data) => data.reportedProducts}
      columns={[
        {
          header: 'Picture',
          cell: (product) => (
            <ProductImage className="table__thumb" picture={product.picture} alt="" />
          ),
        },
        { header: 'Product', cell: (product) => product.productName },
        { header: 'Brand', cell: (product) => product.Brand },
        { header: 'Seller', cell: (product) => product.sellerName },
        { header: 'Price', cell: (product) => formatPrice(product.sellingPrice) },
        {
          header: 'Delete',
          cell: (product) => <DeleteButton onDelete={() => remove(product)} />,
        },
      ]}
    />
  );
}
