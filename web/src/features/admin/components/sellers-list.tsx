import { Link } from 'react-router-dom';
import { LiveTable } from '@/components/live-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { DeleteButton } from '@/components/ui/delete-button.tsx';
import { VerifiedIcon } from '@/components/ui/icons.tsx';
import { paths } from '@/config/paths.ts';
import { useCommand } from '@/lib/use-command.ts';
import {
  deleteSeller,
  SellersChangedSubscription,
  SellersQuery,
  verifySeller,
} from '../api/admin-api.ts';

const verified = () => 'Seller verified';
const deleted = () => 'seller deleted successfully';

export function SellersList() {
  const [verify, verifying] = useCommand(verifySeller, verified);
  const [remove] = useCommand(deleteSeller, deleted);
  return (
    <LiveTable
      title="All Sellers"
      what="Sellers"
      empty="No sellers yet."
      query={SellersQuery}
      changes={SellersChangedSubscription}
      rows={(data) => data.sellers}
      columns={[
        { header: '#', cell: (_, index) => index + 1 },
        { header: 'Name', cell: (seller) => seller.name },
        { header: 'Email', cell: (seller) => seller.sellerEmail || seller.email },
        {
          header: 'Status',
          cell: (seller) =>
            seller.verified ? (
              <Badge tone="success">
                <VerifiedIcon className="icon icon--small" /> Verified
              </Badge>
            ) : (
              <Badge>Not verified</Badge>
            ),
        },
        {
          header: 'Verify',
          cell: (seller) =>
            !seller.verified && (
              <button
                type="button"
                className="button button--small button--primary"
                disabled={verifying}
                onClick={() => void verify(seller.sellerEmail || seller.email)}
              >
                Verify seller
              </button>
            ),
        },
        {
          header: 'History',
          cell: (seller) => (
            <Link
              to={paths.dashboard.audit.getHref(
                new URLSearchParams({ stream: `seller-${seller._id}` }).toString(),
              )}
              aria-label={`Timeline of ${seller.name}`}
            >
              Timeline
            </Link>
          ),
        },
        {
          header: 'Delete',
          cell: (seller) => <DeleteButton onDelete={() => remove(seller._id)} />,
        },
      ]}
    />
  );
}
