import { ADMIN_LISTS, API_PREFIX, REFERENCE_PATTERN, type AdminListName, type AdminListRecords } from '@sourcing/shared';
import { call, type TestServer } from './support';

/** The record a submission's reference names, found by the admin search as staff would find it. */
export async function recordByReference<N extends AdminListName>(
  server: TestServer,
  list: N,
  reference: string,
): Promise<AdminListRecords[N]> {
  if (!REFERENCE_PATTERN.test(reference)) throw new Error(`not a reference: ${reference}`);
  const res = await call(server, `${API_PREFIX}${ADMIN_LISTS[list].path}?q=${encodeURIComponent(reference)}`, {
    headers: server.adminHeaders(),
  });
  const found = (res.body as { data: AdminListRecords[N][] }).data;
  if (found.length !== 1) throw new Error(`${found.length} records found for ${reference}`);
  return found[0];
}
