import { useState } from 'react';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal.tsx';
import { formatPrice, imageUrl } from '@/lib/format.ts';
import { useLiveQuery } from '@/lib/live-query.ts';
import { useCommand } from '@/lib/use-command.ts';
import placeholder from '@/assets/phone-placeholder.svg';
import {
  deleteReportedProduct,
  ReportedProductsChangedSubscription,
  ReportedProductsQuery,
  type ReportedProduct,
} from '../api/admin-api.ts';
import { LoadState } from './load-state.tsx';

const deleteProduct = (key: string, product: ReportedProduct) =>
  deleteReportedProduct(key, product._id);
const deleted = (product: ReportedProduct) => `Successfully deleted ${product.productName}`;

/** Reported products; the list changes live when anyone reports or deletes. */
export function ReportedItems() {
  const [{ data, error }, reexecute] = useLiveQuery({
    query: ReportedProductsQuery,
    changes: ReportedProductsChangedSubscription,
  });
  const [remove, removing] = useCommand(deleteProduct, deleted);
  const [toDelete, setToDelete] = useState<ReportedProduct | null>(null);

  return (
    <section className="section" aria-labelledby="reported-title">
      <h1 id="reported-title" className="section__title">
        Reported Items
      </h1>
      {!data ? (
        <LoadState
          what="Reported items"
          error={error}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      ) : data.reportedProducts.length === 0 ? (
        <p className="empty">No reported products.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Picture</th>
                <th scope="col">Product</th>
                <th scope="col">Brand</th>
                <th scope="col">Seller</th>
                <th scope="col">Price</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {data.reportedProducts.map((product) => (
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
                  <td>{product.productName}</td>
                  <td>{product.Brand}</td>
                  <td>{product.sellerName}</td>
                  <td>{formatPrice(product.sellingPrice)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      onClick={() => setToDelete(product)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {toDelete && (
        <ConfirmDeleteModal
          busy={removing}
          onCancel={() => setToDelete(null)}
          onConfirm={() => void remove(toDelete).then(() => setToDelete(null))}
        />
      )}
    </section>
  );
}
