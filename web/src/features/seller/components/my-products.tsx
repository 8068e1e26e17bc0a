import { LiveTable } from '@/components/live-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { ProductImage } from '@/components/ui/product-image.tsx';
import { formatPrice } from '@/lib/format.ts';
import { useCommand } from '@/lib/use-command.ts';
import {
  MyProductsChangedSubscription,
  MyProductsQuery,
  type MyProduct,
} from '../api/my-products.ts';
import { advertise, setAvailability } from '../api/seller-api.ts';

const toggleAvailability = (key: string, product: MyProduct) =>
  setAvailability(product._id, !product.available, key);
const availabilityMessage = (product: MyProduct) =>
  `${product.productName} is ${product.available ? 'no longer available' : 'available'}`;
const advertiseProduct = (key: string, product: MyProduct) => advertise(product._id, key);
const advertisedMessage = (product: MyProduct) => `${product.productName} is advertised`;

function status(product: MyProduct) {
  if (product.booked) return <Badge tone="warning">Booked</Badge>;
  if (!product.available) return <Badge>Unavailable</Badge>;
  return <Badge tone="success">Available</Badge>;
}

/** The seller's own products with 'Available' and 'Add To Advertise'. */
export function MyProducts() {
  const [toggle, toggling] = useCommand(toggleAvailability, availabilityMessage);
  const [promote, promoting] = useCommand(advertiseProduct, advertisedMessage);
  return (
    <LiveTable
      title="My Products"
      what="Your products"
      empty="You have not added any products yet."
      query={MyProductsQuery}
      changes={MyProductsChangedSubscription}
      rows={(data) => data.myProducts}
      columns={[
        {
          header: 'Picture',
          cell: (product) => (
            <ProductImage className="table__thumb" picture={product.picture} alt="" />
          ),
        },
        {
          header: 'Product',
          cell: (product) => (
            <>
              {product.productName}
              <span className="table__sub">{product.Brand}</span>
            </>
          ),
        },
        { header: 'Price', cell: (product) => formatPrice(product.sellingPrice) },
        { header: 'Status', cell: status },
        {
          header: 'Available',
          cell: (product) => (
            <button
              type="button"
              className="button button--small button--outline"
              aria-pressed={product.available}
              disabled={toggling || product.booked}
              onClick={() => void toggle(product)}
            >
              Available
            </button>
          ),
        },
        {
          header: 'Advertise',
          cell: (product) =>
            product.advertised ? (
              <Badge tone="info">Advertised</Badge>
            ) : (
              <button
                type="button"
                className="button button--small button--primary"
                disabled={promoting || product.booked || !product.available}
                onClick={() => void promote(product)}
              >
                Add To Advertise
              </button>
            ),
        },
      ]}
    />
  );
}
