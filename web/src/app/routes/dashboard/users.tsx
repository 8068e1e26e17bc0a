import { UsersList } from '@/features/admin/components/users-list.tsx';

export function Component() {
  return <UsersList />;
}
