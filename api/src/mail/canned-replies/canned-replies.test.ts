import { API_PATHS, type CannedReply } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount, headersOf } from '../../test/staff';
import { sendJson, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';

const PATH = `/api${API_PATHS.adminCannedReplies}`;

describe.each(TEST_ENGINES)('canned replies, on %s', (engine) => {
  let server: TestServer;
  let agent: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    agent = headersOf(server, await createStaffAccount(server, 'agent'));
  });
  afterAll(() => server?.close());

  const owner = (method: string, path: string, body?: unknown) => sendJson(server, method, path, body, server.adminHeaders());

  it('are kept by owners, sorted by title, read by agents, and every change is in the audit trail', async () => {
    const added = await owner('POST', PATH, {
      title: 'Price list',
      body: 'Dear {{name}}, our prices for {{commodity}} ({{reference}}).',
    });
    expect(added.status).toBe(201);
    const priceList = added.body as CannedReply;
    expect(priceList).toMatchObject({
      title: 'Price list',
      body: 'Dear {{name}}, our prices for {{commodity}} ({{reference}}).',
    });
    expect((await owner('POST', PATH, { title: 'Ask for specs', body: 'Which purity do you need?' })).status).toBe(201);

    const read = await sendJson(server, 'GET', PATH, undefined, agent);
    expect((read.body as CannedReply[]).map((r) => r.title)).toEqual(['Ask for specs', 'Price list']);

    const changed = await owner('PUT', `${PATH}/${priceList.id}`, { title: 'Price list 2027', body: 'New prices.' });
    expect(changed.body).toMatchObject({ id: priceList.id, title: 'Price list 2027', body: 'New prices.' });
    expect((await owner('DELETE', `${PATH}/${priceList.id}`)).body).toEqual({ message: 'Canned reply removed' });
    expect((await owner('DELETE', `${PATH}/${priceList.id}`)).status).toBe(404);
    expect(((await owner('GET', PATH)).body as CannedReply[]).map((r) => r.title)).toEqual(['Ask for specs']);

    const audit = (await owner('GET', '/api/admin/audit?action=canned-reply-changed')).body as {
      data: { details: { summary: string } }[];
    };
    expect(audit.data.map((e) => e.details.summary)).toEqual([
      'canned reply "Price list 2027" removed',
      'canned reply "Price list 2027" changed',
      'canned reply "Ask for specs" added',
      'canned reply "Price list" added',
    ]);
  });

  it('refuses agents’ changes and texts without a title or words', async () => {
    expect((await sendJson(server, 'POST', PATH, { title: 'Mine', body: 'x' }, agent)).status).toBe(403);
    expect(await owner('POST', PATH, { title: ' ', body: 'x' })).toMatchObject({
      status: 400,
      body: { fields: { title: 'Title is required' } },
    });
    expect((await owner('PUT', `${PATH}/not-an-id`, { title: 'x', body: 'y' })).status).toBe(404);
  });
});
