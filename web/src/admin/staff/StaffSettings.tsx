import { useState, type FormEvent } from 'react';
import { ROLE_LABELS, ROLES, type Role, type StaffAccount, type StaffPasswordResponse } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { useAdminServices } from '../services';
import { LoadError } from '../ui/LoadError';
import { useLoad } from '../ui/useLoad';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Owners' staff management on the Settings page (docs/admin.md). */
export function StaffSettings() {
  const { api } = useAdminServices();
  const staff = useLoad(() => api.staff(), [api]);
  const [shown, setShown] = useState<StaffPasswordResponse | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs a change, then reloads the list; a new password is shown until dismissed. */
  async function change(work: () => Promise<StaffAccount | StaffPasswordResponse>, done: string) {
    setBusy(true);
    try {
      const result = await work();
      setShown('password' in result ? result : null);
      toastOnce.success(done);
      staff.retry();
    } catch (error) {
      toastOnce.error(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-settings" aria-labelledby="staff-title">
      <h3 id="staff-title">Staff accounts</h3>
      <CreateStaffForm
        busy={busy}
        onCreate={(email, role) => change(() => api.createStaff({ email, role }), 'Staff account created')}
      />
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
      {staff.status === 'error' && <LoadError message={staff.error} onRetry={staff.retry} />}
      {staff.data && (
        <div className="table-scroll">
          <table className="records-table staff-table">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.map((account) => (
                <tr key={account.id}>
                  <td>{account.email}</td>
                  <td>
                    <select
                      aria-label={`Role of ${account.email}`}
                      value={account.role}
                      disabled={busy}
                      onChange={(e) =>
                        void change(() => api.updateStaff(account.id, { role: e.target.value as Role }), 'Role changed')
                      }
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{account.disabledAt ? 'Disabled' : 'Active'}</td>
                  <td className="staff-actions">
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() =>
                        void change(
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
                      onClick={() => void change(() => api.resetStaffPassword(account.id), 'Password reset')}
                    >
                      Reset password
                    </button>
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

function CreateStaffForm({ busy, onCreate }: { busy: boolean; onCreate: (email: string, role: Role) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('agent');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onCreate(email, role).then(() => setEmail(''));
  };
  return (
    <form className="staff-create" onSubmit={submit}>
      <label>
        E-mail
        <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} className="search-input" />
      </label>
      <label>
        Role
        <select aria-label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button-primary" disabled={busy}>
        Create account
      </button>
    </form>
  );
}
