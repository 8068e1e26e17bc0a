import { useParams } from 'react-router-dom';
import { PurchaseButton } from '@/features/booking/components/purchase-button.tsx';
import type { Listing } from '@/features/products/api/listing.ts';
import { ListingPage } from '@/features/products/components/listing-page.tsx';
import { ReportButton } from '@/features/report/components/report-button.tsx';
import { useSession } from '@/lib/session.tsx';

/**
 * Book now and Report as on the category page, here only where they can succeed: nobody books or
 * reports their own listing, and only an available one can be booked.
 */
function ListingActions({ listing }: { listing: Listing }) {
  const session = useSession();
  const own = session.user?.email.toLowerCase() === listing.sellerEmail.toLowerCase();
  if (own) return null;
  const onSale = listing.status === 'available';
  if (!onSale && listing.status !== 'booked') return null;
  return (
    <>
      {onSale && (
        <PurchaseButton label="Book now" product={listing} booked={false} available={true} />
      )}
      <ReportButton productId={listing._id} reported={listing.reported} />
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
