import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LiveTable } from '@/components/live-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { ListingStatusBadge, type ListingStatus } from '@/components/ui/listing-status-badge.tsx';
import { ProductThumbnail } from '@/components/ui/product-image.tsx';
import { paths } from '@/config/paths.ts';
import { formatPrice } from '@/lib/format.ts';
import { useCommand } from '@/lib/use-command.ts';
import {
  MyProductsChangedSubscription,
  MyProductsQuery,
  type MyProduct,
} from '../api/my-products.ts';
import {
  advertise,
  markListingSold,
  requestReview,
  setAvailability,
  withdrawListing,
} from '../api/seller-api.ts';
import { EditListingModal } from './edit-listing-modal.tsx';

const toggleAvailability = (key: string, product: MyProduct) =>
  setAvailability(product._id, !product.available, key);
const availabilityMessage = (product: MyProduct) =>
  `${product.productName} is ${product.available ? 'no longer available' : 'available'}`;
const advertiseProduct = (key: string, product: MyProduct) => advertise(product._id, key);
const advertisedMessage = (product: MyProduct) => `${product.productName} is advertised`;
const withdraw = (key: string, product: MyProduct) => withdrawListing(key, product._id);
const withdrawnMessage = (product: MyProduct) => `${product.productName} is withdrawn`;
const markSold = (key: string, product: MyProduct) => markListingSold(key, product._id);
const soldMessage = (product: MyProduct) => `${product.productName} is marked sold`;
const askReview = (key: string, product: MyProduct) => requestReview(key, product._id);
const reviewAskedMessage = (product: MyProduct) =>
  `The admins will review ${product.productName} again`;

/** An admin hid it: why, and whether its seller asked them to look again (or a way to). */
function HiddenState({
  product,
  asking,
  onAsk,
}: {
  product: MyProduct;
  asking: boolean;
  onAsk: () => void;
}) {
  return (
    <span className="table__sub hidden-listing">
      <strong className="hidden-listing__reason">{`Hidden: ${product.hiddenReason ?? ''}`}</strong>
      {product.reviewRequested ? (
        <Badge tone="info">Review requested</Badge>
      ) : (
        <button
          type="button"
          className="button button--small button--outline"
          aria-label={`Ask for review of ${product.productName}`}
          disabled={asking}
          onClick={onAsk}
        >
          Ask for review
        </button>
      )}
    </span>
  );
}

const statusOf = (product: MyProduct): ListingStatus => product.status;

/** A listing its seller can still change: not waiting on a booking, not sold or withdrawn. */
const changeable = (status: ListingStatus) => status === 'available' || status === 'unavailable';

type Confirming = { product: MyProduct; step: 'withdraw' | 'sold' };

/**
 * The seller's own products with 'Available' and 'Add To Advertise', and per listing its page,
 * Edit, Withdraw and Mark sold (the last two asked first: they cannot be undone).
 */
export function MyProducts() {
  const [toggle, toggling] = useCommand(toggleAvailability, availabilityMessage);
  const [promote, promoting] = useCommand(advertiseProduct, advertisedMessage);
  const [takeOff, withdrawing] = useCommand(withdraw, withdrawnMessage);
  const [sell, selling] = useCommand(markSold, soldMessage);
  const [review, reviewing] = useCommand(askReview, reviewAskedMessage);
  const [editing, setEditing] = useState<MyProduct | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const busy = withdrawing || selling;

  async function confirm({ product, step }: Confirming) {
    const done = step === 'withdraw' ? await takeOff(product) : await sell(product);
    if (done) setConfirming(null);
  }

  return (
    <>
      <LiveTable
        title="My Products"
        what="Your products"
        empty="You have not added any products yet."
        query={MyProductsQuery}
        changes={MyProductsChangedSubscription}
        rows={(data) => data.myProducts}
        columns={[
          { header: 'Picture', cell: (product) => <ProductThumbnail picture={product.picture} /> },
          {
            header: 'Product',
            cell: (product) => (
              <>
                <Link to={paths.product.getHref(product._id)}>{product.productName}</Link>
                <span className="table__sub">{product.Brand}</span>
              </>
            ),
          },
          { header: 'Price', cell: (product) => formatPrice(product.sellingPrice) },
          {
            header: 'Status',
            cell: (product) => (
              <>
                <ListingStatusBadge status={statusOf(product)} />
                {product.hidden && (
                  <HiddenState
                    product={product}
                    asking={reviewing}
                    onAsk={() => void review(product)}
                  />
                )}
              </>
            ),
          },
          {
            header: 'Available',
            cell: (product) => (
              <button
                type="button"
                className="button button--small button--outline"
                aria-pressed={product.available}
                disabled={toggling || !changeable(statusOf(product))}
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
                  disabled={promoting || statusOf(product) !== 'available' || product.hidden}
                  onClick={() => void promote(product)}
                >
                  Add To Advertise
                </button>
              ),
          },
          {
            header: 'Listing',
            cell: (product) =>
              changeable(statusOf(product)) && (
                <span className="button-row">
                  <button
                    type="button"
                    className="button button--small button--outline"
                    aria-label={`Edit ${product.productName}`}
                    onClick={() => setEditing(product)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button--small button--outline"
                    aria-label={`Mark ${product.productName} sold`}
                    onClick={() => setConfirming({ product, step: 'sold' })}
                  >
                    Mark sold
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    aria-label={`Withdraw ${product.productName}`}
                    onClick={() => setConfirming({ product, step: 'withdraw' })}
                  >
                    Withdraw
                  </button>
                </span>
              ),
          },
        ]}
      />
      {editing && <EditListingModal product={editing} onClose={() => setEditing(null)} />}
      {confirming && (
        <ConfirmModal
          title={
            confirming.step === 'withdraw'
              ? `Withdraw ${confirming.product.productName}?`
              : `Mark ${confirming.product.productName} sold?`
          }
          message={
            confirming.step === 'withdraw'
              ? 'It leaves the site for good: nobody can book it any more.'
              : 'You sold it outside the site: nobody can book it any more.'
          }
          confirmLabel={confirming.step === 'withdraw' ? 'Withdraw' : 'Mark sold'}
          busy={busy}
          onConfirm={() => void confirm(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
