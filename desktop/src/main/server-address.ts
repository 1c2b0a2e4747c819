/** The API server the app talks to: checked once when the admin enters it, kept in the user's app data. */
import { API_PATHS, API_PREFIX } from '@sourcing/shared';
import type { ActionResult } from '../common/ipc-channels';
import { readJsonFile, writeJsonFile } from './json-file';

export type ServerAddress = { ok: true; origin: string } | { ok: false; error: string };

export const SERVER_ADDRESS_ERRORS = {
  empty: 'Enter the server address.',
  invalid: 'Enter the full address, for example https://sourcing.example.com',
  scheme: 'The address must start with https:// or http://',
  credentials: 'Leave the user name and password out of the address.',
} as const;

/** Parses what the admin typed into the origin of the server, e.g. 'https://sourcing.example.com'. */
export function parseServerAddress(input: string): ServerAddress {
  const text = input.trim();
  if (!text) return { ok: false, error: SERVER_ADDRESS_ERRORS.empty };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: SERVER_ADDRESS_ERRORS.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, error: SERVER_ADDRESS_ERRORS.scheme };
  if (url.username || url.password) return { ok: false, error: SERVER_ADDRESS_ERRORS.credentials };
  return { ok: true, origin: url.origin };
}

export const HEALTH_TIMEOUT_MS = 10_000;

/** Node's fetch, or Electron's session.fetch (which honours the system proxy). */
export type HttpFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Parses the address and proves a server of ours answers there: GET /api/health must succeed. */
export async function checkServerAddress(
  input: string,
  fetchFn: HttpFetch,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<ServerAddress> {
  const parsed = parseServerAddress(input);
  if (!parsed.ok) return parsed;
  const healthUrl = `${parsed.origin}${API_PREFIX}${API_PATHS.health}`;
  let response: Response;
  try {
    response = await fetchFn(healthUrl, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
  } catch {
    return { ok: false, error: `Could not reach ${parsed.origin}. Check the address and your network connection.` };
  }
  if (!response.ok) {
    return { ok: false, error: `${parsed.origin} answered ${response.status}: it does not look like the sourcing server.` };
  }
  return parsed;
}

export interface ServerAddressStore {
  get(): Promise<string | null>;
  set(origin: string): Promise<void>;
}

/** The chosen origin in a small JSON file (in the user's app data folder). */
export function createServerAddressStore(file: string): ServerAddressStore {
  return {
    async get() {
      const value = ((await readJsonFile(file)) as { serverUrl?: unknown } | null | undefined)?.serverUrl;
      if (typeof value !== 'string') return null;
      const parsed = parseServerAddress(value);
      return parsed.ok ? parsed.origin : null;
    },
    set: (origin) => writeJsonFile(file, { serverUrl: origin }),
  };
}

/** The 'set server address' action: validate against the live server, then remember it. */
export async function changeServerAddress(
  input: string,
  store: ServerAddressStore,
  fetchFn: HttpFetch,
  onChanged: (origin: string) => void,
): Promise<ActionResult> {
  const checked = await checkServerAddress(input, fetchFn);
  if (!checked.ok) return checked;
  await store.set(checked.origin);
  onChanged(checked.origin);
  return { ok: true };
}
