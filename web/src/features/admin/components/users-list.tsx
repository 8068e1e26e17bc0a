import { useState } from 'react';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { useLiveQuery } from '@/lib/live-query.ts';
import { useCommand } from '@/lib/use-command.ts';
import {
  deleteUser,
  makeAdmin,
  UsersChangedSubscription,
  UsersQuery,
  type User,
} from '../api/admin-api.ts';
import { LoadState } from './load-state.tsx';

const promoted = () => 'Make admin successfully';
const deleted = () => 'user deleted successfully';

export function UsersList() {
  const [{ data, error }, reexecute] = useLiveQuery({
    query: UsersQuery,
    changes: UsersChangedSubscription,
  });
  const [promote, promoting] = useCommand(makeAdmin, promoted);
  const [remove, removing] = useCommand(deleteUser, deleted);
  const [toDelete, setToDelete] = useState<User | null>(null);

  return (
    <section className="section" aria-labelledby="users-title">
      <h1 id="users-title" className="section__title">
        All Users
      </h1>
      {!data ? (
        <LoadState
          what="Users"
          error={error}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      ) : data.users.length === 0 ? (
        <p className="empty">No users yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Admin</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user, index) => (
                <tr key={user._id}>
                  <td>{index + 1}</td>
                  <td>{user.name}</td>
                  <td>{user.email}</td>
                  <td>
                    <Badge tone={user.role === 'admin' ? 'success' : 'neutral'}>{user.role}</Badge>
                  </td>
                  <td>
                    {/* Hidden for users who already are admins (spec section 4). */}
                    {user.role !== 'admin' && (
                      <button
                        type="button"
                        className="button button--small button--primary"
                        disabled={promoting}
                        onClick={() => void promote(user._id)}
                      >
                        Make Admin
                      </button>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      onClick={() => setToDelete(user)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {toDelete && (
        <ConfirmDeleteModal
          busy={removing}
          onCancel={() => setToDelete(null)}
          onConfirm={() => void remove(toDelete._id).then(() => setToDelete(null))}
        />
      )}
    </section>
  );
}
