import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_MESSAGES, ROLE_LABELS, ROLES, type Role, type StaffAccount, type StaffPasswordResponse } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { CommitSelect } from '../ui/CommitSelect';
import { failureOf, LoadError } from '../ui/LoadError';
import { Invitations } from './Invitations';

/** A change of the staff accounts, and what its toast says once done. */
interface StaffChange {
  work: () => Promise<StaffAccount | StaffPasswordResponse>;
  done: string;
}

/** Owners' staff management on the Settings page (docs/admin.md). */
export function StaffSettings() {
  const { api } = useAdminServices();
  const staff = useQuery({ queryKey: queryKeys.staff, queryFn: () => api.staff() });
  const failure = failureOf(staff);
  const [shown, setShown] = useState<StaffPasswordResponse | null>(null);
  /** Runs a change, then the accounts (and the owner dropdowns' admins) re-read; a new password is shown until dismissed. */
  const { mutate, isPending: busy } = useMutation({
    mutationFn: ({ work }: StaffChange) => work(),
    onSuccess: (result, { done }) => {
      setShown('password' in result ? result : null);
      toastOnce.success(done);
    },
    onError: (error) => toastOnce.error(error.message),
    onSettled: (_result, _error, _change, _context, { client }) =>
      Promise.all([queryKeys.staff, queryKeys.assignees].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  const change = (work: StaffChange['work'], done: string, settled?: () => void) =>
    mutate({ work, done }, { onSettled: settled });
  /** An availability ticked, shown until the accounts have re-read it (or put back if it failed). */
  const [ticking, setTicking] = useState<{ id: string; available: boolean } | null>(null);
  const availableOf = (account: StaffAccount) => (ticking?.id === account.id ? ticking.available : account.available);

  return (
    <section className="detail-card" aria-labelledby="staff-title">
      <h3 id="staff-title">Staff accounts</h3>
      <Invitations />
      {shown && (
        <div className="password-once" role="status">
          <p>
            Password for <strong>{shown.account.email}</strong>: <code data-testid="generated-password">{shown.password}</code>
          </p>
          <p>It is shown once: pass it on now, it cannot be shown again.</p>
          <button type="button" className="button" onClick={() => setShown(null)}>
            Done
          </button>
        </div>
      )}
      {failure && <LoadError message={failure.message} onRetry={() => void staff.refetch()} />}
      {staff.data && (
        <div className="table-scroll">
          <table className="records-table staff-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Available</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.map((account) => (
                <tr key={account.id}>
                  <td>{account.name || '—'}</td>
                  <td>{account.email}</td>
                  <td>
                    <CommitSelect
                      aria-label={`Role of ${account.email}`}
                      value={account.role}
                      busy={busy}
                      onCommit={(role) => change(() => api.updateStaff(account.id, { role: role as Role }), 'Role changed')}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </CommitSelect>
                  </td>
                  <td>
                    {account.disabledAt ? 'Disabled' : 'Active'}
                    {account.twoFactor && ' · two-step'}
                  </td>
                  <td>
                    {/* Who the automatic assignment gives new records to (docs/admin.md#automatic-assignment). */}
                    <input
                      type="checkbox"
                      aria-label={`${account.email} is available for new records`}
                      checked={availableOf(account)}
                      disabled={busy || account.role === 'viewer'}
                      onChange={() => {
                        const available = !availableOf(account);
                        setTicking({ id: account.id, available });
                        change(
                          () => api.updateStaff(account.id, { available }),
                          available ? 'Marked available' : 'Marked away',
                          () => setTicking(null),
                        );
                      }}
                    />
                  </td>
                  <td className="staff-actions">
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() =>
                        change(
                          () => api.updateStaff(account.id, { disabled: !account.disabledAt }),
                          account.disabledAt ? 'Account enabled' : 'Account disabled',
                        )
                      }
                    >
                      {account.disabledAt ? 'Enable' : 'Disable'}
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() => change(() => api.resetStaffPassword(account.id), 'Password reset')}
                    >
                      Reset password
                    </button>
                    {account.twoFactor && (
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        onClick={() => change(() => api.resetStaffTwoFactor(account.id), ACCOUNT_MESSAGES.twoFactorReset)}
                      >
                        Reset two-step
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
