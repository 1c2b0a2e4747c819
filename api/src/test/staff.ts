import { randomBytes } from 'node:crypto';
import type { Role, SessionResponse } from '@sourcing/shared';
import { createAdmin } from '../auth/admin-accounts';
import type { AdminRow } from '../auth/schema';
import type { TestServer } from './support';

export const STAFF_PASSWORD = 'staff-password-0123';

/**
 * A staff account of `role`, known to the server's session states at once. Its password is hashed
 * with the server's scrypt cost (TEST_SCRYPT_COST unless the test chose another).
 */
export async function createStaffAccount(server: TestServer, role: Role, email?: string): Promise<AdminRow> {
  const account = await server.deps.db.transaction((tx) =>
    createAdmin(tx, email ?? `${role}-${randomBytes(4).toString('hex')}@example.com`, STAFF_PASSWORD, {
      role,
      cost: server.deps.auth.options.scryptCost,
    }),
  );
  await server.deps.sessions.refresh();
  return account;
}

/** A bearer header for the account, without a session (what a route check needs). */
export const headersOf = (server: TestServer, account: Pick<AdminRow, 'id' | 'email'>) => ({
  Authorization: `Bearer ${server.deps.tokens.sign({ id: account.id, email: account.email })}`,
});

/** Signs in through POST /api/admin/login: a real session, its access token and refresh cookie. */
export async function signIn(server: Pick<TestServer, 'url'>, email: string, password = STAFF_PASSWORD) {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  const body = (await response.json()) as SessionResponse;
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { ...body, cookie, headers: { Authorization: `Bearer ${body.accessToken}` } };
}
