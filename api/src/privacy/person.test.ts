import { personZipName, type AuditPage, type PersonLookup } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProof } from '../test/form-proof';
import { inquiryForm, inquiryValues, postForm } from '../test/forms';
import { recordByReference } from '../test/references';
import { pdf } from '../test/sample-files';
import { createStaffAccount, headersOf } from '../test/staff';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { unzip } from '../test/unzip';

describe.each(TEST_ENGINES)('a person’s data on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  const owner = () => server.adminHeaders();
  const lookUp = async (email: string, headers = owner()) =>
    call(server, `/api/admin/people?email=${encodeURIComponent(email)}`, { headers });

  /** Asha sends a contact message and an inquiry with a file, and subscribes; Bea sends a message. */
  async function seed() {
    const contact = await call(
      server,
      '/api/contact',
      await withProof(
        server,
        jsonBody({ name: 'Asha Rao', email: 'Asha.Rao@Example.com', message: 'Call me on +91 98765 43210' }),
      ),
    );
    const form = inquiryForm(inquiryValues({ fullName: 'Asha Rao', email: 'asha.rao@example.com' }), [
      { name: 'asha-passport.pdf', bytes: pdf() },
    ]);
    const inquiry = await call(server, '/api/inquiry', await withProof(server, postForm(form)));
    await call(server, '/api/subscribers', await withProof(server, jsonBody({ email: 'ASHA.RAO@example.com' })));
    await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Bea', email: 'bea@example.com', message: 'Hi' })),
    );
    const note = await call(
      server,
      `/api/contact/${(await recordByReference(server, 'contacts', contact.body.reference))._id}/notes`,
      {
        ...jsonBody({ text: 'Asha prefers mornings' }),
        headers: { ...owner(), 'Content-Type': 'application/json' },
      },
    );
    expect(note.status).toBe(201);
    return { contact: contact.body.reference as string, inquiry: inquiry.body.reference as string };
  }

  it('looks a person up by address, whatever its letter case, and downloads their data as one ZIP', async () => {
    const references = await seed();
    const found = (await lookUp('asha.rao@EXAMPLE.com')).body as PersonLookup;
    expect(found.records.map((r) => [r.list, r.reference]).sort()).toEqual(
      [
        ['contacts', references.contact],
        ['inquiries', references.inquiry],
        ['subscribers', null],
      ].sort(),
    );
    expect(found).toMatchObject({ email: 'asha.rao@example.com', mails: 3, files: 1 });

    const link = await call(server, `/api/admin/people/export-link?email=${encodeURIComponent('Asha.Rao@example.com')}`, {
      headers: owner(),
    });
    expect(link.status).toBe(200);
    // The link needs no header: a browser downloads it straight to disk.
    const download = await fetch(link.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toContain(personZipName('Asha.Rao@example.com'));
    const entries = await unzip(Buffer.from(await download.arrayBuffer()));
    const person = JSON.parse(entries.get('person.json')!.toString('utf8'));
    expect(person.records.map((r: { list: string }) => r.list).sort()).toEqual(['contacts', 'inquiries', 'subscribers']);
    const contact = person.records.find((r: { list: string }) => r.list === 'contacts');
    expect(contact).toMatchObject({ name: 'Asha Rao', message: 'Call me on +91 98765 43210', reference: references.contact });
    expect(contact.timeline.map((e: { type: string }) => e.type)).toEqual(['received', 'mail', 'note']);
    expect(contact.mails[0]).toMatchObject({ purpose: 'confirmation', to: ['Asha.Rao@example.com'] });
    expect(contact.mails[0].message).toContain(`Your reference is ${references.contact}`);
    expect(person.newsletter).toMatchObject([{ email: 'ASHA.RAO@example.com', status: 'pending' }]);
    const inquiry = person.records.find((r: { list: string }) => r.list === 'inquiries');
    expect(inquiry.files).toMatchObject([
      { name: 'asha-passport.pdf', inZip: `files/inquiries-${references.inquiry}/asha-passport.pdf` },
    ]);
    expect(entries.get(inquiry.files[0].inZip)).toEqual(pdf());
    expect(JSON.stringify(person)).not.toContain('bea@example.com');

    // A copied link dies soon, and works for nobody without it.
    expect((await fetch(link.body.url.replace(/sig=[^&]+/, 'sig=x'))).status).toBe(401);
  });

  it('erases every record of the address in one audited action that names kinds and ids only', async () => {
    const erased = await call(server, '/api/admin/people/erase', {
      ...jsonBody({ email: 'asha.rao@example.com' }),
      headers: { ...owner(), 'Content-Type': 'application/json' },
    });
    expect(erased).toMatchObject({ status: 200, body: { message: '3 records erased', erased: 3 } });
    expect(((await lookUp('asha.rao@example.com')).body as PersonLookup).records).toEqual([]);
    expect(((await lookUp('bea@example.com')).body as PersonLookup).records).toHaveLength(1);
    const trail = (await call(server, '/api/admin/audit?action=person-erased', { headers: owner() })).body as AuditPage;
    expect(trail.data).toHaveLength(1);
    expect(trail.data[0].details).toMatchObject({ summary: 'erased 3 records' });
    expect((trail.data[0].details.records as { kind: string }[]).map((r) => r.kind).sort()).toEqual([
      'contact',
      'inquiry',
      'subscriber',
    ]);
    const exported = (await call(server, '/api/admin/audit?action=person-exported', { headers: owner() })).body as AuditPage;
    expect(JSON.stringify([trail, exported])).not.toMatch(/asha/i);
  });

  it('is for owners only and refuses anything but one address', async () => {
    const agent = headersOf(server, await createStaffAccount(server, 'agent'));
    expect((await lookUp('asha@example.com', agent)).status).toBe(403);
    for (const email of ['', 'asha', 'a@x.example, b@y.example', 'Asha <asha@example.com>', 'a\u0000@example.com']) {
      expect((await lookUp(email)).status, email).toBe(400);
    }
    expect((await call(server, '/api/admin/people/export.zip?email=asha%40example.com', { headers: agent })).status).toBe(403);
  });
});
