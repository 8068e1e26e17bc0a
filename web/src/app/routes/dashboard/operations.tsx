import { OperationsPage } from '@/features/operations/components/operations-page.tsx';

export function Component() {
  return <OperationsPage />;
}
