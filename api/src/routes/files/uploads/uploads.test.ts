import type { InquiryRecord } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiryForm, inquiryValues, postForm } from '../../../test/forms';
import { docx, pdf } from '../../../test/sample-files';
import { recordByReference } from '../../../test/references';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../../test/support';
import { withProof } from '../../../test/form-proof';
import { SIGNED_LINK_TTL_SECONDS } from '../../../uploads/signed-links';
import { createStaffAccount, signIn } from '../../../test/staff';

describe.each(TEST_ENGINES)('GET /api/uploads/:storedName on %s', (engine) => {
  let server: TestServer;
  let clock = new Date('2026-03-01T10:00:00Z');

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => clock });
  });
  afterAll(() => server?.close());

  async function submit(name: string, bytes: Buffer): Promise<InquiryRecord> {
    const res = await call(
      server,
      '/api/inquiry',
      await withProof(server, postForm(inquiryForm(inquiryValues(), [{ name, bytes }]))),
    );
    expect(res.status).toBe(201);
    const { _id } = await recordByReference(server, 'inquiries', res.body.reference);
    return (await call(server, `/api/inquiry/inquiries/${_id}`, { headers: server.adminHeaders() })).body;
  }

  it('serves a PDF inline with its original name to a signed link, nosniff', async () => {
    const record = await submit('Price list – 2026.pdf', pdf());
    const res = await fetch(record.attachmentFiles[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Price list ? 2026.pdf"; filename*=UTF-8''Price%20list%20%E2%80%93%202026.pdf`,
    );
    expect(record.attachmentFiles[0].originalName).toBe('Price list – 2026.pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The admin detail view previews it in a frame of its own origin.
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf())).toBe(true);
  });

  it('serves other types as a download, to a bearer admin without a signature', async () => {
    const record = await submit('offer.docx', docx());
    const res = await call(server, `/api/uploads/${record.attachment}`, { headers: server.adminHeaders() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="offer.docx"');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses no credentials, a tampered signature, another file’s signature and an expired link', async () => {
    const record = await submit('a.pdf', pdf());
    const other = await submit('b.pdf', pdf());
    const url = new URL(record.attachmentFiles[0].url);
    expect((await call(server, url.pathname)).status).toBe(401);

    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}xx`);
    expect((await fetch(tampered)).status).toBe(401);

    const borrowed = new URL(other.attachmentFiles[0].url);
    borrowed.pathname = url.pathname;
    expect((await fetch(borrowed)).status).toBe(401);

    clock = new Date(clock.getTime() + (SIGNED_LINK_TTL_SECONDS + 1) * 1000);
    const expired = await call(server, `${url.pathname}${url.search}`);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: 'Not signed in' });
  });

  it('ends a signed link, and an export link, with its holder’s session: signed out or disabled', async () => {
    const agent = await createStaffAccount(server, 'agent');
    const holderLinks = async (session: Awaited<ReturnType<typeof signIn>>) => {
      const record = await submit('c.pdf', pdf());
      const detail = await call(server, `/api/inquiry/inquiries/${record._id}`, { headers: session.headers });
      const exportLink = await call(server, '/api/contact/export-link', { headers: session.headers });
      return [detail.body.attachmentFiles[0].url as string, exportLink.body.url as string];
    };
    const statuses = async (urls: string[]) => Promise.all(urls.map(async (url) => (await fetch(url)).status));

    const first = await signIn(server, agent.email);
    const firstLinks = await holderLinks(first);
    expect(await statuses(firstLinks)).toEqual([200, 200]);
    const second = await signIn(server, agent.email);
    const secondLinks = await holderLinks(second);
    await fetch(`${server.url}/api/admin/logout`, { method: 'POST', headers: { Cookie: first.cookie } });
    await server.deps.sessions.refresh();
    expect(await statuses(firstLinks)).toEqual([401, 401]);
    expect(await statuses(secondLinks)).toEqual([200, 200]);

    const disabled = await call(server, `/api/admin/staff/${agent.id}`, {
      method: 'PATCH',
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    expect(disabled.status).toBe(200);
    expect(await statuses(secondLinks)).toEqual([401, 401]);
  });

  it('answers 404 to names it never generated, 400 to path traversal', async () => {
    for (const [name, status] of [
      ['..%2F..%2Fjwt-secret', 400],
      ['..%2Fsourcing.sqlite', 400],
      ['jwt-secret', 404],
      ['00000000-0000-4000-8000-000000000000.pdf', 404],
    ] as const) {
      const res = await call(server, `/api/uploads/${name}`, { headers: server.adminHeaders() });
      expect(res.status, name).toBe(status);
      expect(res.text).not.toContain(server.deps.config.jwtSecret);
    }
  });
});
