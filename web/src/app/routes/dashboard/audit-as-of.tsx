import { ListingAsOf } from '@/features/audit/components/listing-as-of.tsx';

export function Component() {
  return <ListingAsOf />;
}
