import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { PurchaseButton } from '@/features/booking/components/purchase-button.tsx';
import type { Listing } from '@/features/products/api/listing.ts';
import { ListingPage } from '@/features/products/components/listing-page.tsx';
import { ReportButton } from '@/features/report/components/report-button.tsx';
import { useSession } from '@/lib/session.tsx';

/**
 * Book now and Report as on the category page, here only where they can succeed: nobody books or
 * reports their own listing, and only an available one can be booked. Its seller gets the way to
 * where it is edited.
 */
function ListingActions({ listing }: { listing: Listing }) {
  const session = useSession();
  const own = session.user?.email.toLowerCase() === listing.sellerEmail.toLowerCase();
  if (own) {
    return (
      <Link className="button button--outline" to={paths.dashboard.myProduct.getHref()}>
        Manage in My Products
      </Link>
    );
  }
  const onSale = listing.status === 'available';
  if (!onSale && listing.status !== 'booked') return null;
  return (
    <>
      {onSale && <PurchaseButton label="Book now" product={listing} status={listing.status} />}
      <ReportButton productId={listing._id} productName={listing.productName} />
    </>
  );
}

export function Component() {
  const { id = '' } = useParams();
  return (
    <ListingPage
      key={id}
      id={id}
      renderActions={(listing) => <ListingActions listing={listing} />}
    />
  );
}
