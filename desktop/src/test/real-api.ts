/**
 * A real API server for the desktop tests (the API's own test helper: real HTTP and WebSocket on an
 * ephemeral port, fresh SQLite under a temp DATA_DIR), with an admin signed in over HTTP.
 */
import { API_PATHS, API_PREFIX, type AdminProfile, type SessionResponse } from '@sourcing/shared';
import { withProof } from '@sourcing/api/test/form-proof';
import { startTestServer, type TestServer } from '@sourcing/api/test/support';

/** Migrations can take a while on a busy machine (passwords use the test servers' cheap scrypt cost). */
export const API_START_TIMEOUT_MS = 60_000;

export const TEST_ADMIN_LOGIN = { email: 'desktop.admin@example.com', password: 'Desktop-admin-password-42' };

export interface SignedInApi {
  server: TestServer;
  /** The signed-in admin (an owner). */
  admin: AdminProfile;
  accessToken: string;
  /** The refresh cookie the login set (what the app's persistent session keeps). */
  cookie: string;
  /** A visitor's submission to a public form (with a solved proof of work). */
  post(path: string, body: RequestInit['body'], headers?: Record<string, string>): Promise<Response>;
  get(path: string): Promise<Response>;
}

/** `env` adds API settings, e.g. CORS_ORIGINS for a page served from another origin. */
export async function startSignedInApi(env: Record<string, string> = {}): Promise<SignedInApi> {
  const server = await startTestServer({
    env: { ADMIN_EMAIL: TEST_ADMIN_LOGIN.email, ADMIN_PASSWORD: TEST_ADMIN_LOGIN.password, ...env },
  });
  const url = (path: string) => `${server.url}${API_PREFIX}${path}`;
  const login = await fetch(url(API_PATHS.adminLogin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN_LOGIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const session = (await login.json()) as SessionResponse;
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const auth = { Authorization: `Bearer ${session.accessToken}` };
  return {
    server,
    admin: session.admin,
    accessToken: session.accessToken,
    cookie,
    post: async (path, body, headers = {}) => fetch(url(path), await withProof(server, { method: 'POST', body, headers })),
    get: (path) => fetch(url(path), { headers: auth }),
  };
}
