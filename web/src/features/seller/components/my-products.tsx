import { queryErrorMessage } from '@/lib/api-client.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { ErrorMessage } from '@/components/ui/error-message.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatPrice, imageUrl } from '@/lib/format.ts';
import { useLiveQuery } from '@/lib/live-query.ts';
import { useCommand } from '@/lib/use-command.ts';
import placeholder from '@/assets/phone-placeholder.svg';
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
  const [{ data, error }, reexecute] = useLiveQuery({
    query: MyProductsQuery,
    changes: MyProductsChangedSubscription,
  });
  const [toggle, toggling] = useCommand(toggleAvailability, availabilityMessage);
  const [promote, promoting] = useCommand(advertiseProduct, advertisedMessage);

  return (
    <section className="section" aria-labelledby="my-products-title">
      <h1 id="my-products-title" className="section__title">
        My Products
      </h1>
      {!data && error && (
        <ErrorMessage
          title="Your products could not be loaded"
          message={queryErrorMessage(error)}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      )}
      {!data && !error && <Spinner label="Loading your products…" />}
      {data && data.myProducts.length === 0 && (
        <p className="empty">You have not added any products yet.</p>
      )}
      {data && data.myProducts.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Picture</th>
                <th scope="col">Product</th>
                <th scope="col">Price</th>
                <th scope="col">Status</th>
                <th scope="col">Available</th>
                <th scope="col">Advertise</th>
              </tr>
            </thead>
            <tbody>
              {data.myProducts.map((product) => (
                <tr key={product._id}>
                  <td>
                    <img
                      className="table__thumb"
                      src={imageUrl(product.picture) || placeholder}
                      alt=""
                      onError={(event) => {
                        event.currentTarget.src = placeholder;
                      }}
                    />
                  </td>
                  <td>
                    {product.productName}
                    <span className="table__sub">{product.Brand}</span>
                  </td>
                  <td>{formatPrice(product.sellingPrice)}</td>
                  <td>{status(product)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--small button--outline"
                      aria-pressed={product.available}
                      disabled={toggling || product.booked}
                      onClick={() => void toggle(product)}
                    >
                      Available
                    </button>
                  </td>
                  <td>
                    {product.advertised ? (
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
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
