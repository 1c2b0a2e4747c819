/**
 * The server settings desktop/README.md tells administrators to use, against a real API server:
 * CORS_ORIGINS with the app's origin, and COOKIE_SAMESITE=none behind HTTPS so the refresh cookie
 * reaches the server from app://admin and the sign-in survives restarts.
 */
import { API_PATHS, API_PREFIX } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../main/app-protocol';
import { API_START_TIMEOUT_MS, startSignedInApi, TEST_ADMIN_LOGIN, type SignedInApi } from './real-api';

let api: SignedInApi;

beforeAll(async () => {
  api = await startSignedInApi({ CORS_ORIGINS: APP_ORIGIN, COOKIE_SAMESITE: 'none', TRUST_PROXY_HOPS: '1' });
}, API_START_TIMEOUT_MS);

afterAll(() => api?.server.close());

const loginUrl = () => `${api.server.url}${API_PREFIX}${API_PATHS.adminLogin}`;

describe('a server set up for the desktop app', () => {
  it('lets the app’s origin call the API with credentials (preflight and request)', async () => {
    const preflight = await fetch(loginUrl(), {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, authorization',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');

    const list = await fetch(`${api.server.url}${API_PREFIX}${API_PATHS.inquiries}`, {
      headers: { Origin: APP_ORIGIN, Authorization: `Bearer ${api.accessToken}` },
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });

  it('does not answer CORS for another origin', async () => {
    const other = await fetch(loginUrl(), {
      method: 'OPTIONS',
      headers: { Origin: 'app://evil', 'Access-Control-Request-Method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sets the refresh cookie SameSite=None; Secure over HTTPS, so the app keeps its session', async () => {
    const login = await fetch(loginUrl(), {
      method: 'POST',
      headers: { Origin: APP_ORIGIN, 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
      body: JSON.stringify(TEST_ADMIN_LOGIN),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').toLowerCase();
    expect(cookie).toContain('samesite=none');
    expect(cookie).toContain('secure');
    expect(cookie).toContain('httponly');
  });
});
