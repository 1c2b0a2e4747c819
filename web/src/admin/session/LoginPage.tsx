import { useAtomValue } from 'jotai';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { RecoveryCodes, SecondStep, SessionResponse } from '@sourcing/shared';
import { signInWithPasskey } from '../account/passkey-ceremony';
import { CodeField, RecoveryCodesPanel, TwoFactorSetup } from '../account/TwoFactorSetup';
import { useAdminServices } from '../services';
import type { LoginLocationState } from './RequireAdmin';
import { sessionAtom } from './session';

/** What the desktop app (no WebAuthn on its app:// pages) says instead of offering passkeys. */
export const PASSKEYS_ELSEWHERE =
  'Passkeys work in the browser admin. Here, sign in with your password and, if you use one, your authenticator code.';

/** Sign-in (docs/admin.md#sign-in): the password or a passkey, then the second step the account owes. */
export function LoginPage() {
  const { admin, secondStep } = useAtomValue(sessionAtom);
  const from = (useLocation().state as LoginLocationState | null)?.from;
  const destination = from ? `${from.pathname}${from.search}${from.hash}` : '/admin';
  // A set-up at sign-in ends with recovery codes to save before the session starts.
  const [enrolled, setEnrolled] = useState<{ session: SessionResponse; codes: RecoveryCodes } | null>(null);
  const { session } = useAdminServices();

  if (admin) return <Navigate to={destination} replace />;

  return (
    <main className="login-page">
      <div className="login-card">
        {enrolled ? (
          <RecoveryCodesPanel
            codes={enrolled.codes}
            doneLabel="I have saved them"
            onDone={() => session.adopt(enrolled.session)}
          />
        ) : secondStep?.secondStep === 'totp' ? (
          <CodeStep />
        ) : secondStep?.secondStep === 'setup' ? (
          <SetupStep step={secondStep} onEnrolled={setEnrolled} />
        ) : (
          <PasswordStep />
        )}
      </div>
    </main>
  );
}

function ErrorText({ error }: { error: string | null }) {
  return error ? (
    <p className="login-error" role="alert">
      {error}
    </p>
  ) : null;
}

function PasswordStep() {
  const { session, api, platform } = useAdminServices();
  const { loading, error } = useAtomValue(sessionAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passkey, setPasskey] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPasskey({ busy: false, error: null });
    void session.login(email, password);
  };
  const signInWithKey = async () => {
    setPasskey({ busy: true, error: null });
    try {
      session.adopt(await signInWithPasskey(api));
    } catch (failure) {
      setPasskey({ busy: false, error: failure instanceof Error ? failure.message : String(failure) });
    }
  };

  return (
    <>
      <form onSubmit={submit}>
        <h1>Admin Login</h1>
        <ErrorText error={passkey.error ?? error} />
        <LoginField label="Email" type="email" name="email" autoComplete="username webauthn" value={email} onChange={setEmail} />
        <LoginField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Logging in...' : 'Login'}
        </button>
      </form>
      {platform.supportsPasskeys ? (
        <button type="button" className="button passkey-button" disabled={passkey.busy} onClick={() => void signInWithKey()}>
          {passkey.busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
        </button>
      ) : (
        <p className="login-hint">{PASSKEYS_ELSEWHERE}</p>
      )}
    </>
  );
}

/** The code of the authenticator app, or one of the recovery codes. */
function CodeStep() {
  const { session } = useAdminServices();
  const { loading, error } = useAtomValue(sessionAtom);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void session.verifyCode(code);
  };
  return (
    <form onSubmit={submit}>
      <h1>Two-step verification</h1>
      <p>
        {recovery ? 'Enter one of your recovery codes. Each works once.' : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <ErrorText error={error} />
      <CodeField
        key={String(recovery)}
        label={recovery ? 'Recovery code' : 'Code'}
        value={code}
        onChange={setCode}
        recovery={recovery}
      />
      <button type="submit" className="button button-primary" disabled={loading}>
        {loading ? 'Verifying...' : 'Verify'}
      </button>
      <div className="form-actions">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="link-button" onClick={session.cancelSecondStep}>
          Back to sign-in
        </button>
      </div>
    </form>
  );
}

/** REQUIRE_2FA and no authenticator yet: set one up now, then the session starts. */
function SetupStep({
  step,
  onEnrolled,
}: {
  step: SecondStep;
  onEnrolled: (done: { session: SessionResponse; codes: RecoveryCodes }) => void;
}) {
  const { api, session } = useAdminServices();
  const setup = useQuery({
    queryKey: ['login-setup', step.ticket],
    queryFn: () => api.loginSetup(step.ticket),
    staleTime: Infinity,
    retry: false,
  });
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const confirm = async (code: string) => {
    setState({ busy: true, error: null });
    try {
      const { recoveryCodes, ...signedIn } = await api.loginSetupConfirm(step.ticket, code);
      onEnrolled({ session: signedIn, codes: { recoveryCodes } });
    } catch (failure) {
      setState({ busy: false, error: failure instanceof Error ? failure.message : String(failure) });
    }
  };
  return (
    <div>
      <h1>Set up two-step verification</h1>
      <p>Your role signs in with a code from an authenticator app as well as the password.</p>
      {setup.error && <ErrorText error={setup.error.message} />}
      {setup.isPending && <p>Loading...</p>}
      {setup.data && (
        <TwoFactorSetup
          setup={setup.data}
          busy={state.busy}
          error={state.error}
          submitLabel="Turn on and sign in"
          onConfirm={(code) => void confirm(code)}
          onCancel={session.cancelSecondStep}
        />
      )}
    </div>
  );
}

type LoginFieldProps = { label: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange'
>;

/** A labelled input; both login fields are required (docs/admin.md#sign-in). */
function LoginField({ label, onChange, ...input }: LoginFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} required onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
