import { Link } from 'react-router-dom';
import { LiveTable } from '@/components/live-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { DeleteButton } from '@/components/ui/delete-button.tsx';
import { paths } from '@/config/paths.ts';
import { useCommand } from '@/lib/use-command.ts';
import { deleteUser, makeAdmin, UsersChangedSubscription, UsersQuery } from '../api/admin-api.ts';

const promoted = () => 'Make admin successfully';
const deleted = () => 'user deleted successfully';

export function UsersList() {
  const [promote, promoting] = useCommand(makeAdmin, promoted);
  const [remove] = useCommand(deleteUser, deleted);
  return (
    <LiveTable
      title="All Users"
      what="Users"
      empty="No users yet."
      query={UsersQuery}
      changes={UsersChangedSubscription}
      rows={(data) => data.users}
      columns={[
        { header: '#', cell: (_, index) => index + 1 },
        { header: 'Name', cell: (user) => user.name },
        { header: 'Email', cell: (user) => user.email },
        {
          header: 'Role',
          cell: (user) => (
            <Badge tone={user.role === 'admin' ? 'success' : 'neutral'}>{user.role}</Badge>
          ),
        },
        {
          header: 'Admin',
          // Hidden for users who already are admins (spec section 4).
          cell: (user) =>
            user.role !== 'admin' && (
              <button
                type="button"
                className="button button--small button--primary"
                disabled={promoting}
                onClick={() => void promote(user._id)}
              >
                Make Admin
              </button>
            ),
        },
        {
          header: 'History',
          cell: (user) => (
            <Link
              to={paths.dashboard.audit.getHref(new URLSearchParams({ q: user._id }).toString())}
              aria-label={`Timeline of ${user.name}`}
            >
              Timeline
            </Link>
          ),
        },
        { header: 'Delete', cell: (user) => <DeleteButton onDelete={() => remove(user._id)} /> },
      ]}
    />
  );
}
