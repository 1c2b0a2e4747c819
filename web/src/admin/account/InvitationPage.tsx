import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ROLE_LABELS, type InvitationPreview } from '@sourcing/shared';
import { useAdminServices } from '../services';
import { sessionAtom } from '../session/session';
import { PASSWORDS_DIFFER } from './AccountPage';
import './account.css';

/**
 * An invitation link's page, `/admin/invitation#<token>` (docs/admin.md#invitations): the colleague
 * sees who they join as, chooses a name and a password, and is signed in. The token travels after
 * '#', so no server log ever holds it.
 */
export function InvitationPage() {
  const { api } = useAdminServices();
  const token = useLocation().hash.replace(/^#/, '');
  const { admin, secondStep } = useAtomValue(sessionAtom);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.invitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  if (admin) return <Navigate to="/admin" replace />;
  // REQUIRE_2FA: the new account sets up its authenticator on the sign-in page.
  if (secondStep) return <Navigate to="/admin/login" replace />;

  const problem = token === '' ? 'The invitation link is incomplete' : invitation.error?.message;
  return (
    <main className="login-page">
      <div className="login-card invitation-card">
        <h1>Join the back office</h1>
        {problem ? (
          <>
            <p className="login-error" role="alert">
              {problem}
            </p>
            <Link to="/admin/login">Go to sign-in</Link>
          </>
        ) : invitation.data ? (
          <AcceptForm token={token} invitation={invitation.data} />
        ) : (
          <p>Loading...</p>
        )}
      </div>
    </main>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { api, session } = useAdminServices();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) {
      setState({ busy: false, error: PASSWORDS_DIFFER });
      return;
    }
    setState({ busy: true, error: null });
    try {
      if (session.proceed(await api.acceptInvitation({ token, name, password }))) void navigate('/admin', { replace: true });
    } catch (failure) {
      setState({ busy: false, error: failure instanceof Error ? failure.message : String(failure) });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <p>
        You are invited to Indus Global Sourcing as <strong>{ROLE_LABELS[invitation.role]}</strong>, signing in as{' '}
        <strong>{invitation.email}</strong>. Choose the name your colleagues will see and a password.
      </p>
      {state.error && (
        <p className="login-error" role="alert">
          {state.error}
        </p>
      )}
      <input type="email" name="email" autoComplete="username" value={invitation.email} readOnly hidden />
      <label className="field">
        <span>Your name</span>
        <input required maxLength={80} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span>Password</span>
        <input
          type="password"
          required
          minLength={10}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Repeat the password</span>
        <input
          type="password"
          required
          minLength={10}
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
      </label>
      <p className="field-hint">
        At least 10 characters. This link works once, until {new Date(invitation.expiresAt).toLocaleString()}.
      </p>
      <button type="submit" className="button button-primary" disabled={state.busy}>
        {state.busy ? 'Creating your account...' : 'Create my account'}
      </button>
    </form>
  );
}
