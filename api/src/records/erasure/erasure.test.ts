import { existsSync } from 'node:fs';
import {
  ADMIN_LISTS,
  fromCommodityInquiryFields,
  sampleValues,
  submissionSchema,
  type AdminListName,
  type AuditPage,
  type InquiryRecord,
  type RecordDefinition,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADED_FILE } from '../../db/entities/uploaded-file';
import { recordCounts } from '../record-counts';
import { withProof } from '../../test/form-proof';
import { recordByReference } from '../../test/references';
import { inquiryForm, inquiryValues, multipart, postForm, submittedFields } from '../../test/forms';
import { whereStored } from '../../test/marker-scan';
import { RECORD_KINDS } from '../record-kinds';
import { pdf } from '../../test/sample-files';
import { call, jsonBody, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../../test/support';
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
    const queued = await call(server, `/api/admin/outbox?recordId=${record._id}`, { headers: server.adminHeaders() });
    expect(queued.body.data.map((m: { purpose: string }) => m.purpose)).toEqual(['confirmation']);

    const erased = await call(server, `/api/inquiry/inquiries/${record._id}`, {
      method: 'DELETE',
      headers: server.adminHeaders(),
    });
    expect(erased).toMatchObject({ status: 200, body: { message: RECORD_ERASED } });

    expect((await call(server, `/api/inquiry/inquiries/${record._id}`, { headers: server.adminHeaders() })).status).toBe(404);
    expect(existsSync(path)).toBe(false);
    // Its mails are gone with it: the Outbox (any role may read it) lists none of them.
    const mails = await call(server, `/api/admin/outbox?recordId=${record._id}`, { headers: server.adminHeaders() });
    expect(mails.body).toEqual({ data: [] });
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

/** One string no sample holds, in every text field a visitor fills in: letters only, so it is a name the confirmation repeats. */
const MARKER = 'qzvmarkerxq';
const EMAIL = `${MARKER}@example.com`;
const PATHS = {
  inquiries: '/api/inquiry/inquiries',
  supplierInquiries: '/api/supplier/supplierInquires',
  contacts: '/api/contact',
};

/**
 * A kind's sample submission (the fields as the form sends them) with the marker in every text
 * field its schema takes it in, the address made of it: what a visitor typing it everywhere sends.
 */
function markedSubmission(list: AdminListName): { fields: Record<string, string>; marked: string[] } {
  const definition: RecordDefinition = RECORD_KINDS[list].definition;
  const schema = submissionSchema(definition);
  const read = (fields: Record<string, string>) => (list === 'inquiries' ? fromCommodityInquiryFields(fields) : fields);
  const fields: Record<string, string> = { ...submittedFields(list, sampleValues(definition)), email: EMAIL };
  const marked = ['email'];
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'email' || value.startsWith('[')) continue;
    const attempt = { ...fields, [key]: `${value} ${MARKER}`.trim() };
    if (schema.safeParse(read(attempt)).success) {
      fields[key] = attempt[key];
      marked.push(key);
    }
  }
  return { fields, marked };
}

describe.each(TEST_ENGINES)('erasure leaves nothing of a person in any table or file, on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, env: { NOTIFY_EMAILS: 'desk@sourcing.example' } });
  });
  afterAll(() => server?.close());

  const admin = (method: string, path: string, body?: unknown) =>
    call(server, path, {
      method,
      headers: { ...server.adminHeaders(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const file = (name: string) => ({
    name: `${MARKER} ${name}.txt`,
    bytes: Buffer.from(`Specification of ${MARKER}\n`),
    type: 'text/plain',
  });

  /** Every record kind, sent with the marker everywhere and worked with every feature staff have. */
  async function plantEverywhere(): Promise<Record<AdminListName, string>> {
    const ids = {} as Record<AdminListName, string>;
    const post = async (path: string, init: RequestInit) => {
      const res = await call(server, path, await withProof(server, init));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { reference?: string };
    };
    const inquiry = markedSubmission('inquiries');
    const offer = markedSubmission('supplierInquiries');
    const contact = markedSubmission('contacts');
    for (const { marked } of [inquiry, offer, contact]) expect(marked.length).toBeGreaterThan(2);
    for (const [list, body] of [
      ['inquiries', await post('/api/inquiry', postForm(multipart(inquiry.fields, 'attachment', [file('spec')])))],
      ['supplierInquiries', await post('/api/supplier', postForm(multipart(offer.fields, 'attachments', [file('certificate')])))],
      ['contacts', await post('/api/contact', jsonBody(contact.fields))],
    ] as const) {
      ids[list] = (await recordByReference(server, list, body.reference!))._id;
    }
    await post('/api/subscribers', jsonBody({ email: EMAIL }));
    ids.subscribers = (await admin('GET', `/api/subscribers?q=${EMAIL}`)).body.data[0]._id;

    for (const list of ['inquiries', 'supplierInquiries', 'contacts'] as const) {
      const path = `${PATHS[list]}/${ids[list]}`;
      const { version, status } = (await admin('GET', path)).body;
      const next = RECORD_KINDS[list].definition.statuses.find((s) => s !== status)!;
      expect((await admin('PATCH', path, { version, status: next, ownerId: TEST_ADMIN.id })).status).toBe(200);
      expect((await admin('POST', `${path}/notes`, { text: `Called ${MARKER} on +91 98765 43210` })).status).toBe(201);
      expect((await admin('POST', `${path}/reply`, { message: `Dear ${MARKER}, thank you.` })).status).toBe(201);
      expect((await admin('POST', `${path}/read`)).status).toBe(200);
      const link = await admin('GET', `${PATHS[list]}/export-link?q=${MARKER}`);
      expect((await call(server, new URL(link.body.url).pathname + new URL(link.body.url).search)).text).toContain(MARKER);
    }
    expect((await admin('POST', `${PATHS.inquiries}/${ids.inquiries}/links`, { id: ids.supplierInquiries })).status).toBe(201);
    expect((await admin('GET', `/api/admin/people?email=${EMAIL}`)).body.records).toHaveLength(4);
    const zip = await fetch((await admin('GET', `/api/admin/people/export-link?email=${EMAIL}`)).body.url);
    expect(Buffer.from(await zip.arrayBuffer()).length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await admin('GET', '/api/admin/outbox')).body.data.map((m: { state: string }) => m.state), {
        timeout: 10_000,
      })
      .toEqual(Array(10).fill('filed'));
    return ids;
  }

  const eraseBy = {
    'erasing each record': async (ids: Record<AdminListName, string>) => {
      for (const [list, id] of Object.entries(ids) as [AdminListName, string][]) {
        expect((await admin('DELETE', `/api${ADMIN_LISTS[list].path}/${id}`)).status).toBe(200);
      }
    },
    'erasing the person': async () => {
      expect((await admin('POST', '/api/admin/people/erase', { email: EMAIL })).body).toMatchObject({ erased: 4 });
    },
  };

  it.each(Object.keys(eraseBy))('after %s, the marker is in no column of any table and no file under DATA_DIR', async (how) => {
    const ids = await plantEverywhere();
    const before = await whereStored(server, MARKER);
    // The scan sees each place a feature stored it: it would see a new one.
    for (const place of [
      'inquiries.fullName',
      'supplier_inquiries.productDescription',
      'contact_messages.message',
      'subscribers.email',
      'uploaded_files.originalName',
      'mail_outbox.message',
      'mail_outbox.recipients',
      'record_events.details',
      'record_terms.term',
    ]) {
      expect(before).toContain(place);
    }
    expect(before.filter((p) => p.startsWith('file mail/')).length).toBe(10);
    expect(before.filter((p) => p.startsWith('file uploads/')).length).toBe(2);

    await eraseBy[how as keyof typeof eraseBy](ids);
    expect(await whereStored(server, MARKER)).toEqual([]);
  });
});
