import { useAtomValue } from 'jotai';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAdminServices } from '../services';
import type { LoginLocationState } from './RequireAdmin';
import { sessionAtom } from './session';

export function LoginPage() {
  const { session } = useAdminServices();
  const { admin, loading, error } = useAtomValue(sessionAtom);
  const from = (useLocation().state as LoginLocationState | null)?.from;
  const destination = from ? `${from.pathname}${from.search}${from.hash}` : '/admin';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (admin) return <Navigate to={destination} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void session.login(email, password);
  };

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={submit}>
        <h1>Admin Login</h1>
        {error && (
          <p className="login-error" role="alert">
            {error}
          </p>
        )}
        <LoginField label="Email" type="email" name="email" autoComplete="username" value={email} onChange={setEmail} />
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
    </main>
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
