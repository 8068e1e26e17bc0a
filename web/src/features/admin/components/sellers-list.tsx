import { useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal.tsx';
import { VerifiedIcon } from '@/components/ui/icons.tsx';
import { useLiveQuery } from '@/lib/live-query.ts';
import { useCommand } from '@/lib/use-command.ts';
import {
  deleteSeller,
  SellersChangedSubscription,
  SellersQuery,
  verifySeller,
  type Seller,
} from '../api/admin-api.ts';
import { LoadState } from './load-state.tsx';

const verified = () => 'Seller verified';
const deleted = () => 'seller deleted successfully';

export function SellersList() {
  const [{ data, error }, reexecute] = useLiveQuery({
    query: SellersQuery,
    changes: SellersChangedSubscription,
  });
  const [verify, verifying] = useCommand(verifySeller, verified);
  const [remove, removing] = useCommand(deleteSeller, deleted);
  const [toDelete, setToDelete] = useState<Seller | null>(null);

  return (
    <section className="section" aria-labelledby="sellers-title">
      <h1 id="sellers-title" className="section__title">
        All Sellers
      </h1>
      {!data ? (
        <LoadState
          what="Sellers"
          error={error}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      ) : data.sellers.length === 0 ? (
        <p className="empty">No sellers yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Verify</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {data.sellers.map((seller, index) => (
                <tr key={seller._id}>
                  <td>{index + 1}</td>
                  <td>{seller.name}</td>
                  <td>{seller.sellerEmail || seller.email}</td>
                  <td>
                    {seller.verified ? (
                      <Badge tone="success">
                        <VerifiedIcon className="icon icon--small" /> Verified
                      </Badge>
                    ) : (
                      <Badge>Not verified</Badge>
                    )}
                  </td>
                  <td>
                    {!seller.verified && (
                      <button
                        type="button"
                        className="button button--small button--primary"
                        disabled={verifying}
                        onClick={() => void verify(seller.sellerEmail || seller.email)}
                      >
                        Verify seller
                      </button>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      onClick={() => setToDelete(seller)}
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
          onConfirm={() => void remove(toDelete._id).then(() => setToDelete(null))}
        />
      )}
    </section>
  );
}
