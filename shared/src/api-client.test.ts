/**
 * What the API client says when a call fails, for each answer a broken API (or a proxy in front
 * of it) gives. The browser tests send the same answers over real HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, FAILURE_MESSAGES, NETWORK_ERROR, type ApiClient } from './api-client';
import { FORM_PROOF_HEADER, HONEYPOT_FIELD } from './form-guard';
import { REPLY_FILES_FIELD } from './conversation';

/** The answer the next call gets; a function so a test can also fail the request itself. */
let answer: () => Response = () => new Response(null, { status: 204 });
let api: ApiClient;
/** The last request the client made. */
let sent: RequestInit = {};
const PROOF = { payload: 'c29sdmVk', honeypot: '' };

beforeAll(() => {
  api = createApiClient({
    baseUrl: 'http://127.0.0.1:9',
    getAccessToken: () => 'token',
    fetch: async (_url, init) => {
      sent = init ?? {};
      return answer();
    },
  });
});

/** The error a call rejects with. */
async function failureOf(call: () => Promise<unknown>): Promise<ApiError> {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const CALLS: [name: string, call: () => Promise<unknown>, fallback: string][] = [
  ['login', () => api.login('a@example.com', 'secret'), FAILURE_MESSAGES.login],
  ['refresh', () => api.refresh(), FAILURE_MESSAGES.refresh],
  ['subscribe', () => api.subscribe('a@example.com', PROOF), FAILURE_MESSAGES.subscribe],
  [
    'contact',
    () => api.sendContactMessage({ name: 'A', email: 'a@example.com', message: 'Hi' }, PROOF),
    FAILURE_MESSAGES.sendContactMessage,
  ],
  ['contacts list', () => api.list('contacts'), FAILURE_MESSAGES.list.contacts],
  ['subscribers list', () => api.list('subscribers'), FAILURE_MESSAGES.list.subscribers],
  ['inquiries list', () => api.list('inquiries'), FAILURE_MESSAGES.list.inquiries],
  ['supplier list', () => api.list('supplierInquiries'), FAILURE_MESSAGES.list.supplierInquiries],
  ['export', () => api.exportLink('contacts'), FAILURE_MESSAGES.exportCsv],
  ['dashboard', () => api.stats('week'), FAILURE_MESSAGES.stats],
  ['erase', () => api.erase('contacts', 'x'), FAILURE_MESSAGES.erase],
  ['staff', () => api.staff(), FAILURE_MESSAGES.staff],
  ['invite', () => api.invite({ email: 'a@example.com', role: 'agent' }), FAILURE_MESSAGES.saveInvitation],
  ['second step', () => api.loginCode('ticket', '123456'), FAILURE_MESSAGES.secondStep],
  ['passkey sign-in', () => api.passkeyOptions(), FAILURE_MESSAGES.passkey],
  ['accept invitation', () => api.acceptInvitation({ token: 't', name: 'A', password: 'p' }), FAILURE_MESSAGES.acceptInvitation],
  ['account', () => api.account(), FAILURE_MESSAGES.account],
  ['sessions', () => api.sessions(), FAILURE_MESSAGES.sessions],
  ['update staff', () => api.updateStaff('x', { role: 'viewer' }), FAILURE_MESSAGES.saveStaff],
  ['reset staff password', () => api.resetStaffPassword('x'), FAILURE_MESSAGES.saveStaff],
  ['audit', () => api.audit({ action: 'export' }), FAILURE_MESSAGES.audit],
  ['backups', () => api.backups(), FAILURE_MESSAGES.backups],
  ['reply', () => api.reply('contacts', 'x', { message: 'Hi' }), FAILURE_MESSAGES.reply],
  ['canned replies', () => api.cannedReplies(), FAILURE_MESSAGES.cannedReplies],
  ['add a canned reply', () => api.saveCannedReply({ title: 'T', body: 'B' }), FAILURE_MESSAGES.saveCannedReply],
  ['change a canned reply', () => api.saveCannedReply({ title: 'T', body: 'B' }, 'x'), FAILURE_MESSAGES.saveCannedReply],
  ['remove a canned reply', () => api.removeCannedReply('x'), FAILURE_MESSAGES.removeCannedReply],
  ['set a follow-up', () => api.setFollowUp('inquiries', 'x', { at: '2026-03-02T09:00:00Z' }), FAILURE_MESSAGES.followUp],
  ['clear a follow-up', () => api.clearFollowUp('inquiries', 'x'), FAILURE_MESSAGES.followUp],
  ['snooze', () => api.snooze('contacts', 'x', '2026-03-09T09:00:00Z'), FAILURE_MESSAGES.snooze],
  ['end a snooze', () => api.endSnooze('contacts', 'x'), FAILURE_MESSAGES.snooze],
];

describe('the API client', () => {
  it.each(CALLS)('%s: an empty 500 gives its own fallback, never the status text', async (_, call, fallback) => {
    answer = () => new Response(null, { status: 500, statusText: 'Internal Server Error' });
    const error = await failureOf(call);
    expect(error.message).toBe(fallback);
    expect(error.status).toBe(500);
  });

  it.each(CALLS)("%s: a proxy's HTML page gives the fallback too", async (_, call, fallback) => {
    answer = () =>
      new Response('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } });
    expect((await failureOf(call)).message).toBe(fallback);
  });

  it("passes the server's own message and field messages through", async () => {
    answer = () =>
      Response.json(
        { error: 'Enter a valid e-mail address', fields: { email: 'Enter a valid e-mail address' } },
        { status: 400 },
      );
    const error = await failureOf(() => api.subscribe('nope', PROOF));
    expect(error.message).toBe('Enter a valid e-mail address');
    expect(error.fields).toEqual({ email: 'Enter a valid e-mail address' });
  });

  it('says so when a success answer is not the JSON the API sends', async () => {
    answer = () => new Response('<html>captive portal</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    expect((await failureOf(() => api.login('a@example.com', 'secret'))).message).toBe(FAILURE_MESSAGES.login);
  });

  it('reports a request that never got an answer as a network error', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const error = await failureOf(() => api.subscribe('a@example.com', PROOF));
    expect(error.message).toBe(NETWORK_ERROR);
    expect(error.status).toBe(0);
  });

  it('sends the solved challenge in X-Altcha and the honeypot with each public submission', async () => {
    answer = () => Response.json({ message: 'Thanks', reference: 'r' }, { status: 201 });
    await api.sendContactMessage({ name: 'A', email: 'a@example.com', message: 'Hi' }, { payload: 'c29sdmVk', honeypot: 'x' });
    expect(sent.headers).toMatchObject({ [FORM_PROOF_HEADER]: 'c29sdmVk' });
    expect(JSON.parse(String(sent.body))).toEqual({ name: 'A', email: 'a@example.com', message: 'Hi', [HONEYPOT_FIELD]: 'x' });
    await api.subscribe('a@example.com', PROOF);
    expect(sent.headers).toMatchObject({ [FORM_PROOF_HEADER]: 'c29sdmVk' });
    expect(JSON.parse(String(sent.body))).toEqual({ email: 'a@example.com', [HONEYPOT_FIELD]: '' });
  });
});

describe('the calls of the reply form and its canned replies', () => {
  /** Each request the client made: method, address and body. */
  const requests: { method: string; url: string; body: unknown }[] = [];
  const client = createApiClient({
    baseUrl: 'http://127.0.0.1:9',
    getAccessToken: () => 'token',
    fetch: async (url, init) => {
      const body = init?.body;
      requests.push({
        method: String(init?.method),
        url: String(url),
        body: body instanceof FormData ? body : body ? JSON.parse(String(body)) : null,
      });
      return Response.json({ message: 'ok' }, { status: 200 });
    },
  });

  it('sends a reply with its subject, copies and files as given', async () => {
    const reply = { message: 'Hi', subject: 'Contract', cc: ['a@x.example'], attachments: ['f.pdf'] };
    await client.reply('inquiries', 'r 1', reply);
    expect(requests.at(-1)).toEqual({ method: 'POST', url: 'http://127.0.0.1:9/api/inquiry/inquiries/r%201/reply', body: reply });
  });

  it('sends a reply with new files as multipart: its fields, the lists as name[], the files under their field', async () => {
    const reply = { message: 'Hi', subject: 'Contract', cc: ['a@x.example', 'b@y.example'], attachments: ['f.pdf'] };
    const file = new File(['%PDF-1.4'], 'prices.pdf', { type: 'application/pdf' });
    await client.reply('contacts', 'r1', reply, [file]);
    const form = requests.at(-1)!.body as FormData;
    expect([form.get('message'), form.get('subject')]).toEqual(['Hi', 'Contract']);
    expect(form.getAll('cc[]')).toEqual(['a@x.example', 'b@y.example']);
    expect(form.getAll('attachments[]')).toEqual(['f.pdf']);
    expect((form.get(REPLY_FILES_FIELD) as File).name).toBe('prices.pdf');
  });

  it('adds a canned reply with POST, changes one with PUT and removes one with DELETE', async () => {
    const input = { title: 'Price list', body: 'Dear {{name}}' };
    await client.saveCannedReply(input);
    await client.saveCannedReply(input, 'c1');
    await client.removeCannedReply('c1');
    expect(requests.slice(-3)).toEqual([
      { method: 'POST', url: 'http://127.0.0.1:9/api/admin/canned-replies', body: input },
      { method: 'PUT', url: 'http://127.0.0.1:9/api/admin/canned-replies/c1', body: input },
      { method: 'DELETE', url: 'http://127.0.0.1:9/api/admin/canned-replies/c1', body: null },
    ]);
  });
});

describe('an authenticated call refused', () => {
  it('signs out on 401 only: a 403 is what the role may not do, and the session goes on', async () => {
    let signedOut = 0;
    const client = createApiClient({
      baseUrl: '',
      getAccessToken: () => 'token',
      onUnauthorized: () => (signedOut += 1),
      fetch: async () => answer(),
    });
    answer = () => Response.json({ error: 'Your role does not allow this' }, { status: 403 });
    expect((await failureOf(() => client.staff())).message).toBe('Your role does not allow this');
    expect(signedOut).toBe(0);
    answer = () => Response.json({ error: 'Not signed in' }, { status: 401 });
    await failureOf(() => client.staff());
    expect(signedOut).toBe(1);
  });
});

describe('the calls of follow-ups and snoozing', () => {
  const requests: { method: string; url: string; body: unknown }[] = [];
  const client = createApiClient({
    baseUrl: 'http://127.0.0.1:9',
    getAccessToken: () => 'token',
    fetch: async (url, init) => {
      const body = init?.body;
      requests.push({
        method: String(init?.method),
        url: String(url),
        body: body instanceof FormData ? body : body ? JSON.parse(String(body)) : null,
      });
      return Response.json({ data: [], total: 0, nextCursor: null }, { status: 200 });
    },
  });

  it('sets and clears a follow-up, snoozes and ends a snooze with PUT and DELETE on the record', async () => {
    await client.setFollowUp('inquiries', 'r 1', { at: '2026-03-02T09:00:00Z', note: 'Call about the LC' });
    await client.clearFollowUp('inquiries', 'r 1');
    await client.snooze('contacts', 'c1', '2026-03-09T09:00:00Z');
    await client.endSnooze('contacts', 'c1');
    expect(requests.slice(-4)).toEqual([
      {
        method: 'PUT',
        url: 'http://127.0.0.1:9/api/inquiry/inquiries/r%201/follow-up',
        body: { at: '2026-03-02T09:00:00Z', note: 'Call about the LC' },
      },
      { method: 'DELETE', url: 'http://127.0.0.1:9/api/inquiry/inquiries/r%201/follow-up', body: null },
      { method: 'PUT', url: 'http://127.0.0.1:9/api/contact/c1/snooze', body: { until: '2026-03-09T09:00:00Z' } },
      { method: 'DELETE', url: 'http://127.0.0.1:9/api/contact/c1/snooze', body: null },
    ]);
  });

  it('asks a list for its follow-up views beside its filters', async () => {
    await client.list('inquiries', { filters: { owner: 'mine' }, followUp: 'today', snoozed: 'include' });
    expect(requests.at(-1)?.url).toBe('http://127.0.0.1:9/api/inquiry/inquiries?owner=mine&followUp=today&snoozed=include');
  });
});
