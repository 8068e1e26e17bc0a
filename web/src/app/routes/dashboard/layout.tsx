import { DashboardLayout } from '@/features/dashboard/components/dashboard-layout.tsx';

export function Component() {
  return <DashboardLayout />;
}
