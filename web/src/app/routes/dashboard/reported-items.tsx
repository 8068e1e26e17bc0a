import { ReportedItems } from '@/features/admin/components/reported-items.tsx';

export function Component() {
  return <ReportedItems />;
}
