/** The typed API client used by the public site, the admin UI and the desktop app. */
import { ADMIN_LISTS, API_PATHS, API_PREFIX, CSV_EXPORT_SUFFIX, type AdminListName } from './api-paths';
import type {
  AdminListRecords,
  ApiErrorBody,
  DashboardStats,
  ListPage,
  ListQuery,
  SessionResponse,
  SubmitResponse,
} from './api';
import type { StatsPeriod } from './constants';
import type { ContactMessageInput } from './records';

export const NETWORK_ERROR = 'Network Error';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** API origin ('' for same origin). Paths get API_PREFIX added. */
  baseUrl: string | (() => string);
  /** Current access token, sent as a bearer header when present. */
  getAccessToken?: () => string | null;
  /** Called when an authenticated call answers 401 or 403 (SPEC: logout). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST';

export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl);
  const url = (path: string) => `${base()}${API_PREFIX}${path}`;

  async function send(
    method: Method,
    path: string,
    init: { json?: unknown; authenticated?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.getAccessToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    let response: Response;
    try {
      response = await doFetch(url(path), { method, headers, body, credentials: 'include' });
    } catch {
      throw new ApiError(NETWORK_ERROR, 0);
    }
    if (!response.ok) {
      const parsed = (await response.json().catch(() => null)) as ApiErrorBody | null;
      if (init.authenticated && (response.status === 401 || response.status === 403)) options.onUnauthorized?.();
      throw new ApiError(parsed?.error || response.statusText || 'Request failed', response.status, parsed?.fields ?? {});
    }
    return response;
  }

  const json = async <T>(method: Method, path: string, init?: Parameters<typeof send>[2]): Promise<T> =>
    (await (await send(method, path, init)).json()) as T;

  return {
    url,
    login: (email: string, password: string) =>
      json<SessionResponse>('POST', API_PATHS.adminLogin, { json: { email, password } }),
    refresh: () => json<SessionResponse>('POST', API_PATHS.adminRefresh),
    logout: () => json<{ message: string }>('POST', API_PATHS.adminLogout),
    subscribe: (email: string) => json<SubmitResponse>('POST', API_PATHS.subscribers, { json: { email } }),
    sendContactMessage: (input: ContactMessageInput) =>
      json<SubmitResponse>('POST', API_PATHS.contact, { json: input }),
    list: <N extends AdminListName>(name: N, query: ListQuery = {}) =>
      json<ListPage<AdminListRecords[N]>>('GET', `${ADMIN_LISTS[name].path}${queryString(query)}`, {
        authenticated: true,
      }),
    detail: <N extends AdminListName>(name: N, id: string) =>
      json<AdminListRecords[N]>('GET', `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}`, {
        authenticated: true,
      }),
    exportCsv: async (name: AdminListName, query: Pick<ListQuery, 'q'> = {}) =>
      (
        await send('GET', `${ADMIN_LISTS[name].path}${CSV_EXPORT_SUFFIX}${queryString(query)}`, {
          authenticated: true,
        })
      ).text(),
    stats: (period: StatsPeriod) =>
      json<DashboardStats>('GET', `${API_PATHS.adminStats}${queryString({ period })}`, { authenticated: true }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
