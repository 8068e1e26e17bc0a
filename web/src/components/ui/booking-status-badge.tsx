import type { ReactNode } from 'react';
import { Badge } from './badge.tsx';

export type BookingStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

const statusTone = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  cancelled: 'neutral',
  expired: 'neutral',
} as const;

/** A booking's status, coloured alike for its buyer and its seller; each says it in its words. */
export function BookingStatusBadge({
  status,
  children,
}: {
  status: BookingStatus;
  children: ReactNode;
}) {
  return <Badge tone={statusTone[status]}>{children}</Badge>;
}
