import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ACCOUNT_MESSAGES,
  ROLE_LABELS,
  type AccountProfile,
  type ActiveSession,
  type RecoveryCodes,
  type TwoFactorSetup as Setup,
} from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf, LoadError } from '../ui/LoadError';
import { createPasskey } from './passkey-ceremony';
import { RecoveryCodesPanel, TwoFactorSetup } from './TwoFactorSetup';
import './account.css';

export const PASSWORDS_DIFFER = 'The passwords do not match';
export const PASSKEYS_IN_BROWSER =
  'Passkeys work in the browser admin: add and use them there. Here, sign in with your password and code.';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** The signed-in staff member's own account (docs/admin.md#account-page). */
export function AccountPage() {
  const { api } = useAdminServices();
  const account = useQuery({ queryKey: queryKeys.account, queryFn: () => api.account() });
  const failure = failureOf(account);
  return (
    <div className="account-page">
      <h2 className="page-title">Your account</h2>
      {failure && <LoadError message={failure.message} onRetry={() => void account.refetch()} />}
      {account.isPending && <p className="state-text">Loading...</p>}
      {account.data && (
        <>
          <ProfileSection account={account.data} />
          {account.data.role !== 'viewer' && <AvailabilitySection account={account.data} />}
          <PasswordSection />
          <TwoFactorSection account={account.data} />
          <PasskeysSection account={account.data} />
        </>
      )}
      <SessionsSection />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel account-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** A change of the account: its toast, then the account (and the owner pickers' names) re-read. */
function useAccountChange<I, O>(work: (input: I) => Promise<O>, done?: string | ((result: O) => string)) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: work,
    onSuccess: (result) => {
      const text = typeof done === 'function' ? done(result) : done;
      if (text) toastOnce.success(text);
    },
    onError: (error) => toastOnce.error(error.message),
    onSettled: () =>
      Promise.all([queryKeys.account, queryKeys.assignees].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

function ProfileSection({ account }: { account: AccountProfile }) {
  const { api, session } = useAdminServices();
  const [name, setName] = useState(account.name);
  const [signature, setSignature] = useState(account.signature);
  const save = useAccountChange(() => api.updateProfile({ name, signature }), ACCOUNT_MESSAGES.profileSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The session re-reads the name it shows in the sidebar.
    save.mutate(undefined, { onSuccess: () => void session.recheck() });
  };
  return (
    <Section id="profile-title" title="Profile">
      <p>
        {account.email} · {ROLE_LABELS[account.role]}
      </p>
      <form className="account-form" onSubmit={submit}>
        <label className="field">
          <span>Name</span>
          <input required maxLength={80} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <p className="field-hint">
          Shown to your colleagues in owner lists, timelines and the audit trail, instead of your e-mail.
        </p>
        <label className="field">
          <span>Signature</span>
          <textarea rows={4} maxLength={1000} value={signature} onChange={(e) => setSignature(e.target.value)} />
        </label>
        <p className="field-hint">Added below your e-mail replies.</p>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Save
        </button>
      </form>
    </Section>
  );
}

/** Whether the automatic assignment gives them new records (docs/admin.md#automatic-assignment); saved when ticked. */
function AvailabilitySection({ account }: { account: AccountProfile }) {
  const { api } = useAdminServices();
  // The box shows the click at once; once the account has re-read, it shows what was saved.
  const [ticked, setTicked] = useState<boolean | null>(null);
  const save = useAccountChange(
    (available: boolean) => api.updateProfile({ available }),
    (saved) => (saved.available ? 'Marked available' : 'Marked away'),
  );
  return (
    <Section id="availability-title" title="Availability">
      <div className="account-form">
        <label className="field-check">
          <input
            type="checkbox"
            checked={ticked ?? account.available}
            disabled={save.isPending}
            onChange={() => {
              const available = !(ticked ?? account.available);
              setTicked(available);
              save.mutate(available, { onSettled: () => setTicked(null) });
            }}
          />{' '}
          Available for new records
        </label>
        <p className="field-hint">
          Where new records are assigned automatically, you get your turn while this is ticked. Untick it when you are away.
        </p>
      </div>
    </Section>
  );
}

function PasswordSection() {
  const { api } = useAdminServices();
  const [fields, setFields] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const [error, setError] = useState<string | null>(null);
  const change = useAccountChange(
    () => api.changePassword(fields),
    (result) => result.message,
  );
  const client = useQueryClient();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.newPassword !== fields.repeat) {
      setError(PASSWORDS_DIFFER);
      return;
    }
    setError(null);
    change.mutate(undefined, {
      onSuccess: () => {
        setFields({ currentPassword: '', newPassword: '', repeat: '' });
        void client.invalidateQueries({ queryKey: queryKeys.sessions });
      },
      onError: (failure) => setError(failure.message),
    });
  };
  const field = (key: keyof typeof fields, label: string, autoComplete: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="password"
        required
        autoComplete={autoComplete}
        minLength={key === 'currentPassword' ? undefined : 10}
        value={fields[key]}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <Section id="password-title" title="Password">
      <form className="account-form" onSubmit={submit}>
        {error && (
          <p className="login-error" role="alert">
            {error}
          </p>
        )}
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('repeat', 'Repeat the new password', 'new-password')}
        <p className="field-hint">At least 10 characters. Your other sessions are signed out.</p>
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          Change password
        </button>
      </form>
    </Section>
  );
}

/** A sensitive step confirmed with the current password (turn two-factor off, new recovery codes). */
function PasswordConfirm(props: { label: string; busy: boolean; onConfirm: (password: string) => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  return (
    <form
      className="account-form inline-confirm"
      onSubmit={(event) => {
        event.preventDefault();
        props.onConfirm(password);
      }}
    >
      <label className="field">
        <span>Current password</span>
        <input
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={props.busy}>
          {props.label}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TwoFactorSection({ account }: { account: AccountProfile }) {
  const { api } = useAdminServices();
  const { twoFactor } = account;
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const [confirming, setConfirming] = useState<'off' | 'codes' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useAccountChange(() => api.startTwoFactor());
  const confirm = useAccountChange((code: string) => api.confirmTwoFactor(code), ACCOUNT_MESSAGES.twoFactorOn);
  const turnOff = useAccountChange((password: string) => api.disableTwoFactor(password), ACCOUNT_MESSAGES.twoFactorOff);
  const renew = useAccountChange((password: string) => api.renewRecoveryCodes(password), 'New recovery codes made');

  if (codes)
    return (
      <Section id="two-factor-title" title="Two-step verification">
        <RecoveryCodesPanel codes={codes} doneLabel="Done" onDone={() => setCodes(null)} />
      </Section>
    );
  return (
    <Section id="two-factor-title" title="Two-step verification">
      <p data-testid="two-factor-state">
        {twoFactor.enabled
          ? `On: you sign in with a code from your authenticator app. ${twoFactor.recoveryCodesLeft} recovery codes left.`
          : 'Off: your password alone signs you in.'}
        {twoFactor.required && ' Required for your role.'}
      </p>
      {setup ? (
        <TwoFactorSetup
          setup={setup}
          busy={confirm.isPending}
          error={error}
          submitLabel="Turn on"
          onConfirm={(code) =>
            confirm.mutate(code, {
              onSuccess: (made) => {
                setSetup(null);
                setError(null);
                setCodes(made);
              },
              onError: (failure) => setError(failure.message),
            })
          }
          onCancel={() => setSetup(null)}
        />
      ) : confirming ? (
        <PasswordConfirm
          label={confirming === 'off' ? 'Turn off' : 'Make new codes'}
          busy={turnOff.isPending || renew.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={(password) =>
            confirming === 'off'
              ? turnOff.mutate(password, { onSuccess: () => setConfirming(null) })
              : renew.mutate(password, {
                  onSuccess: (made) => {
                    setConfirming(null);
                    setCodes(made);
                  },
                })
          }
        />
      ) : twoFactor.enabled ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setConfirming('codes')}>
            New recovery codes
          </button>
          {!twoFactor.required && (
            <button type="button" className="button" onClick={() => setConfirming('off')}>
              Turn off
            </button>
          )}
        </div>
      ) : (
        <button
          type="button"
          className="button button-primary"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
        >
          Set up two-step verification
        </button>
      )}
    </Section>
  );
}

function PasskeysSection({ account }: { account: AccountProfile }) {
  const { api, platform } = useAdminServices();
  const [name, setName] = useState('');
  const add = useAccountChange((label: string) => createPasskey(api, label), ACCOUNT_MESSAGES.passkeyAdded);
  const remove = useAccountChange((id: string) => api.removePasskey(id), 'Passkey removed');
  return (
    <Section id="passkeys-title" title="Passkeys">
      <p>A passkey signs you in with your fingerprint, face or device PIN instead of a password and code.</p>
      {account.passkeys.length > 0 && (
        <ul className="passkey-list" aria-label="Your passkeys">
          {account.passkeys.map((passkey) => (
            <li key={passkey.id}>
              <span>
                <strong>{passkey.name}</strong> · added {when(passkey.createdAt)} · last used {when(passkey.lastUsedAt)}
              </span>
              <button
                type="button"
                className="button"
                disabled={remove.isPending}
                onClick={() => remove.mutate(passkey.id)}
                aria-label={`Remove ${passkey.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {platform.supportsPasskeys ? (
        <form
          className="account-form inline-confirm"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate(name, { onSuccess: () => setName('') });
          }}
        >
          <label className="field">
            <span>Passkey name</span>
            <input
              required
              maxLength={60}
              placeholder="e.g. Work laptop"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            Add a passkey
          </button>
        </form>
      ) : (
        <p className="field-hint">{PASSKEYS_IN_BROWSER}</p>
      )}
    </Section>
  );
}

const CLIENT_LABELS: Record<ActiveSession['client'], string> = {
  browser: 'Browser',
  desktop: 'Desktop app',
  unknown: 'Unknown device',
};

function SessionsSection() {
  const { api, session } = useAdminServices();
  const navigate = useNavigate();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: queryKeys.sessions, queryFn: () => api.sessions() });
  const failure = failureOf(sessions);
  const signedOut = () => {
    void session.logout();
    void navigate('/admin/login', { replace: true });
  };
  const signOut = useMutation({
    mutationFn: (target: ActiveSession) => api.signOutSession(target.id),
    onSuccess: (result, target) => {
      toastOnce.success(result.message);
      if (target.current) signedOut();
    },
    onError: (error) => toastOnce.error(error.message),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
  const everywhere = useMutation({
    mutationFn: () => api.signOutEverywhere(),
    onSuccess: () => {
      toastOnce.success('Signed out everywhere');
      signedOut();
    },
    onError: (error) => toastOnce.error(error.message),
  });
  return (
    <Section id="sessions-title" title="Sessions">
      <p>Where your account is signed in now. Signing a session out ends it within seconds, open windows included.</p>
      {failure && <LoadError message={failure.message} onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <div className="table-scroll">
          <table className="records-table sessions-table">
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Address</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last seen</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((s) => (
                <tr key={s.id}>
                  <td>
                    {CLIENT_LABELS[s.client]}
                    {s.device && ` · ${s.device}`}
                    {s.current && <span className="badge current-session">This session</span>}
                  </td>
                  <td>{s.address || '—'}</td>
                  <td>{when(s.firstSeenAt)}</td>
                  <td>{when(s.lastSeenAt)}</td>
                  <td>
                    <button type="button" className="button" disabled={signOut.isPending} onClick={() => signOut.mutate(s)}>
                      Sign out
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" className="button erase-button" disabled={everywhere.isPending} onClick={() => everywhere.mutate()}>
        Sign out everywhere
      </button>
    </Section>
  );
}
