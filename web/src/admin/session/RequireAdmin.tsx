import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { sessionAtom } from './session';

/** Location state of /admin/login: where to return after signing in. */
export interface LoginLocationState {
  from?: { pathname: string; search: string; hash: string };
}

/** Signed-out visitors go to the login page, which remembers where they were heading. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { admin } = useAtomValue(sessionAtom);
  const location = useLocation();
  if (!admin) {
    const state: LoginLocationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/admin/login" replace state={state} />;
  }
  return children;
}
