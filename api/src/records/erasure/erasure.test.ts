import { existsSync } from 'node:fs';
import type { AuditPage, InquiryRecord } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADED_FILE } from '../../db/entities/uploaded-file';
import { recordCounts } from '../record-counts';
import { withProof } from '../../test/form-proof';
import { recordByReference } from '../../test/references';
import { inquiryForm, inquiryValues, postForm } from '../../test/forms';
import { pdf } from '../../test/sample-files';
import { call, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../../test/support';
import { RECORD_ERASED } from './erasure-routes';

describe.each(TEST_ENGINES)('erasing a record on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  const values = inquiryValues({ fullName: 'Zoë Erasable', email: 'zoe.erasable@example.com' });

  async function submitWithFile(): Promise<InquiryRecord> {
    const form = postForm(inquiryForm(values, [{ name: 'zoe-passport.pdf', bytes: pdf() }]));
    const res = await call(server, '/api/inquiry', await withProof(server, form));
    expect(res.status).toBe(201);
    return recordByReference(server, 'inquiries', (res.body as { reference: string }).reference);
  }

  it('removes the row, its files on disk and their index; the audit entry keeps nothing of the data', async () => {
    const record = await submitWithFile();
    const storedName = record.attachment!;
    const path = server.deps.uploads.pathOf(storedName)!;
    expect(existsSync(path)).toBe(true);
    const before = await recordCounts(server.deps.db);

    const erased = await call(server, `/api/inquiry/inquiries/${record._id}`, {
      method: 'DELETE',
      headers: server.adminHeaders(),
    });
    expect(erased).toMatchObject({ status: 200, body: { message: RECORD_ERASED } });

    expect((await call(server, `/api/inquiry/inquiries/${record._id}`, { headers: server.adminHeaders() })).status).toBe(404);
    expect(existsSync(path)).toBe(false);
    expect((await call(server, `/api/uploads/${storedName}`, { headers: server.adminHeaders() })).status).toBe(404);
    expect(await server.deps.db.reads.getRepository(UPLOADED_FILE).countBy({ storedName })).toBe(0);
    expect((await recordCounts(server.deps.db)).inquiries).toBe(before.inquiries - 1);

    const page = (await call(server, `/api/admin/audit?subjectId=${record._id}`, { headers: server.adminHeaders() }))
      .body as AuditPage;
    expect(page.data).toHaveLength(1);
    const [entry] = page.data;
    expect(entry).toMatchObject({
      action: 'record-erased',
      subjectKind: 'inquiry',
      subjectId: record._id,
      actorEmail: TEST_ADMIN.email,
    });
    const written = JSON.stringify(page);
    for (const value of ['Zoë', 'Erasable', 'zoe.erasable', 'passport', storedName, values.companyName])
      expect(written).not.toContain(value);

    expect(
      (await call(server, `/api/inquiry/inquiries/${record._id}`, { method: 'DELETE', headers: server.adminHeaders() })).status,
    ).toBe(404);
  });
});
