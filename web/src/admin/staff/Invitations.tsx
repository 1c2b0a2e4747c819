import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, ROLE_LABELS, ROLES, type Role } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf, LoadError } from '../ui/LoadError';

/** Owners invite colleagues by e-mail and role, and resend or withdraw what is pending (docs/admin.md#staff-and-roles). */
export function Invitations() {
  const { api } = useAdminServices();
  const client = useQueryClient();
  const invitations = useQuery({ queryKey: queryKeys.invitations, queryFn: () => api.invitations() });
  const failure = failureOf(invitations);
  const { mutate, isPending: busy } = useMutation({
    mutationFn: ({ work }: { work: () => Promise<unknown>; done: string }) => work(),
    onSuccess: (_result, { done }) => toastOnce.success(done),
    onError: (error) => toastOnce.error(error.message),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.invitations }),
  });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('agent');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutate({ work: () => api.invite({ email, role }), done: ACCOUNT_MESSAGES.invitationSent }, { onSuccess: () => setEmail('') });
  };
  const now = Date.now();

  return (
    <section className="staff-invitations" aria-labelledby="invitations-title">
      <h4 id="invitations-title">Invite a colleague</h4>
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
          Send invitation
        </button>
      </form>
      <p className="field-hint">They get a link to choose their name and password. It works once, for 72 hours.</p>
      {failure && <LoadError message={failure.message} onRetry={() => void invitations.refetch()} />}
      {invitations.data && invitations.data.length > 0 && (
        <div className="table-scroll">
          <table className="records-table" aria-label="Pending invitations">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Invited by</th>
                <th scope="col">Link</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {invitations.data.map((invitation) => (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{ROLE_LABELS[invitation.role]}</td>
                  <td>{invitation.invitedBy}</td>
                  <td>
                    {Date.parse(invitation.expiresAt) <= now
                      ? 'Expired'
                      : `Works until ${new Date(invitation.expiresAt).toLocaleString()}`}
                  </td>
                  <td className="staff-actions">
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() =>
                        mutate({ work: () => api.resendInvitation(invitation.id), done: ACCOUNT_MESSAGES.invitationSent })
                      }
                    >
                      Resend
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() => mutate({ work: () => api.withdrawInvitation(invitation.id), done: 'Invitation withdrawn' })}
                    >
                      Withdraw
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
