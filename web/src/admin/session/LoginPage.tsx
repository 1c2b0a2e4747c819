import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
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
        <label className="field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </main>
  );
}
