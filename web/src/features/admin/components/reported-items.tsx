import { useState } from 'react';
import { useQuery } from 'urql';
import { LiveTable } from '@/components/live-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { ProductThumbnail } from '@/components/ui/product-image.tsx';
import { formatPrice } from '@/lib/format.ts';
import { reportReasonLabel } from '@/lib/report-reasons.ts';
import { useCommand } from '@/lib/use-command.ts';
import {
  actOnCase,
  deleteReportedProduct,
  ModeratorQuery,
  ReportedProductsChangedSubscription,
  ReportedProductsQuery,
  type CaseAction,
  type ReportedProduct,
} from '../api/admin-api.ts';
import { ReasonModal } from './reason-modal.tsx';

/** The actions that ask why, and how each asks. */
type Decision = 'dismiss' | 'hide' | 'restore' | 'delete';
const decisions: Record<
  Decision,
  { label: string; title: (product: ReportedProduct) => string; done: string }
> = {
  dismiss: {
    label: 'Dismiss',
    title: (product) => `Dismiss the reports on ${product.productName}?`,
    done: 'Reports dismissed on',
  },
  hide: {
    label: 'Hide',
    title: (product) => `Hide ${product.productName} from the site?`,
    done: 'Hidden:',
  },
  restore: {
    label: 'Restore',
    title: (product) => `Put ${product.productName} back on sale?`,
    done: 'Restored:',
  },
  // The spec's confirmation, now with a reason.
  delete: { label: 'Delete', title: () => 'Are you sure you want to delete?', done: '' },
};

type Step = { action: CaseAction; product: ReportedProduct; reason?: string };
const runStep = (key: string, { action, product, reason }: Step) =>
  actOnCase(key, product._id, action, reason);
const stepDone = ({ action, product }: Step) => {
  switch (action) {
    case 'claim':
      return `You are reviewing ${product.productName}`;
    case 'release':
      return `Released ${product.productName}`;
    default:
      return `${decisions[action].done} ${product.productName}`;
  }
};
const removeProduct = (key: string, product: ReportedProduct, reason: string) =>
  deleteReportedProduct(key, product._id, reason);
const deleted = (product: ReportedProduct) => `Successfully deleted ${product.productName}`;

/** Who holds a case, as the other admins read it. */
function CaseHolder({ product, myUid }: { product: ReportedProduct; myUid: string | undefined }) {
  if (!product.claimedBy) return <span className="table__sub">Not claimed</span>;
  return product.claimedBy.uid === myUid ? (
    <Badge tone="info">You are reviewing</Badge>
  ) : (
    <Badge tone="warning">{`Being reviewed by ${product.claimedBy.name}`}</Badge>
  );
}

/**
 * The admins' queue (Reported Items): one case per listing with its reports (who and why), the
 * latest reported first, live. An admin claims a case, then dismisses its reports, hides,
 * restores or deletes the listing, each with a reason; meanwhile the others see who holds it.
 */
export function ReportedItems() {
  const [{ data: me }] = useQuery({ query: ModeratorQuery });
  const myUid = me?.me?.uid;
  const [step, stepping] = useCommand(runStep, stepDone);
  const [remove, removing] = useCommand(removeProduct, deleted);
  const [deciding, setDeciding] = useState<{ decision: Decision; product: ReportedProduct } | null>(
    null,
  );
  const busy = stepping || removing;

  async function decide(reason: string) {
    if (!deciding) return;
    const { decision, product } = deciding;
    const done =
      decision === 'delete'
        ? await remove(product, reason)
        : await step({ action: decision, product, reason });
    if (done) setDeciding(null);
  }

  const actionButton = (product: ReportedProduct, decision: Decision) => (
    <button
      key={decision}
      type="button"
      className={
        decision === 'delete' || decision === 'hide'
          ? 'button button--small button--danger'
          : 'button button--small button--outline'
      }
      aria-label={`${decisions[decision].label} ${product.productName}`}
      disabled={busy}
      onClick={() => setDeciding({ decision, product })}
    >
      {decisions[decision].label}
    </button>
  );

  return (
    <>
      <LiveTable
        title="Reported Items"
        what="Reported items"
        empty="No reported products."
        query={ReportedProductsQuery}
        changes={ReportedProductsChangedSubscription}
        rows={(data) => data.reportedProducts}
        columns={[
          { header: 'Picture', cell: (product) => <ProductThumbnail picture={product.picture} /> },
          {
            header: 'Product',
            cell: (product) => (
              <>
                {product.productName}
                <span className="table__sub">
                  {product.Brand} · {product.sellerName} · {formatPrice(product.sellingPrice)}
                </span>
                {product.hidden && (
                  <span className="table__sub">
                    <Badge tone="danger">Hidden</Badge> {product.hiddenReason}
                  </span>
                )}
                {product.reviewRequested && (
                  <span className="table__sub">
                    <Badge tone="info">Review requested</Badge> {product.reviewNote}
                  </span>
                )}
              </>
            ),
          },
          {
            header: 'Reports',
            cell: (product) =>
              product.reportCount === 0 ? (
                <span className="table__sub">No open reports</span>
              ) : (
                <ul className="report-list" aria-label={`Reports on ${product.productName}`}>
                  {product.reports.map((report) => (
                    <li key={report.reporterUid}>
                      <strong>{reportReasonLabel(report.reason)}</strong>
                      {report.details && <>: {report.details}</>}
                      <span className="table__sub">by {report.reporterName}</span>
                    </li>
                  ))}
                </ul>
              ),
          },
          {
            header: 'Review',
            cell: (product) => {
              const mine = myUid !== undefined && product.claimedBy?.uid === myUid;
              return (
                <div className="case-review">
                  <CaseHolder product={product} myUid={myUid} />
                  <span className="button-row">
                    {mine ? (
                      <>
                        {product.reportCount > 0 || product.reviewRequested
                          ? actionButton(product, 'dismiss')
                          : null}
                        {actionButton(product, product.hidden ? 'restore' : 'hide')}
                        {actionButton(product, 'delete')}
                        <button
                          type="button"
                          className="button button--small button--outline"
                          aria-label={`Release ${product.productName}`}
                          disabled={busy}
                          onClick={() => void step({ action: 'release', product })}
                        >
                          Release
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="button button--small button--primary"
                        aria-label={`Claim ${product.productName}`}
                        disabled={busy}
                        onClick={() => void step({ action: 'claim', product })}
                      >
                        Claim
                      </button>
                    )}
                  </span>
                </div>
              );
            },
          },
        ]}
      />
      {deciding && (
        <ReasonModal
          title={decisions[deciding.decision].title(deciding.product)}
          confirmLabel={decisions[deciding.decision].label}
          cancelLabel={deciding.decision === 'delete' ? 'cancel!' : 'Cancel'}
          danger={deciding.decision === 'delete' || deciding.decision === 'hide'}
          busy={busy}
          onConfirm={(reason) => void decide(reason)}
          onCancel={() => setDeciding(null)}
        />
      )}
    </>
  );
}
