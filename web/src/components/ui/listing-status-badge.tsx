import { Badge } from './badge.tsx';

export type ListingStatus = 'available' | 'booked' | 'sold' | 'unavailable' | 'withdrawn';

const statusBadge = {
  available: { tone: 'success', text: 'Available' },
  booked: { tone: 'warning', text: 'Booked' },
  sold: { tone: 'info', text: 'Sold' },
  unavailable: { tone: 'neutral', text: 'Off sale' },
  withdrawn: { tone: 'danger', text: 'Withdrawn' },
} as const;

/** Where a listing stands, in the same words on its page and in its seller's list. */
export function listingStatusText(status: ListingStatus): string {
  return statusBadge[status].text;
}

export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  const { tone, text } = statusBadge[status];
  return <Badge tone={tone}>{text}</Badge>;
}
