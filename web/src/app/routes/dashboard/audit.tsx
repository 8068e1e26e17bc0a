import { AuditTimeline } from '@/features/audit/components/audit-timeline.tsx';

export function Component() {
  return <AuditTimeline />;
}
