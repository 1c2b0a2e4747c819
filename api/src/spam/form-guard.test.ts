import { FORM_PROOF_HEADER, HONEYPOT_FIELD, SPAM_CHECK_MESSAGES, type AdminListName } from '@sourcing/shared';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS } from '../records/record-kinds';
import { filesOnDisk, inquiryForm, inquiryValues, postForm, supplierForm, supplierValues } from '../test/forms';
import { proofPayload, solvedProof } from '../test/form-proof';
import { pdf, png } from '../test/sample-files';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

const START = new Date('2026-03-02T10:00:00Z');
const MINUTE = 60_000;

/** A valid submission of each public form, with the honeypot set to `trap` (files for the two big forms). */
const FORMS: Record<AdminListName, (trap?: string) => RequestInit> = {
  inquiries: (trap) => postForm(withTrap(inquiryForm(inquiryValues(), [{ name: 'spec.pdf', bytes: pdf() }]), trap)),
  supplierInquiries: (trap) => postForm(withTrap(supplierForm(supplierValues(), [{ name: 'photo.png', bytes: png() }]), trap)),
  contacts: (trap) => jsonBody({ name: 'Ada', email: 'ada@example.com', message: 'Hello', ...honeypot(trap) }),
  subscribers: (trap) => jsonBody({ email: `reader-${Math.random().toString(36).slice(2)}@example.com`, ...honeypot(trap) }),
};

const honeypot = (trap?: string) => (trap === undefined ? {} : { [HONEYPOT_FIELD]: trap });
function withTrap(form: FormData, trap?: string): FormData {
  if (trap !== undefined) form.append(HONEYPOT_FIELD, trap);
  return form;
}

const withHeader = (init: RequestInit, payload: string): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), [FORM_PROOF_HEADER]: payload },
});

describe.each(TEST_ENGINES)('the spam check of the public forms on %s', (engine) => {
  let server: TestServer;
  let clock = START;

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => clock });
  });
  afterAll(() => server?.close());

  const total = async (list: AdminListName) =>
    Number((await server.deps.db.all(`SELECT COUNT(*) AS "n" FROM "${RECORD_KINDS[list].table}"`))[0].n);
  const issuedAgo = (ms: number) => solvedProof(server, new Date(clock.getTime() - ms));

  describe.each(Object.keys(FORMS) as AdminListName[])('POST to the %s form', (list) => {
    const path = `/api${RECORD_KINDS[list].submitPath}`;
    const form = FORMS[list];

    it('refuses a missing, invalid, expired, too fast or replayed proof and a filled honeypot, storing nothing', async () => {
      const before = await total(list);
      const filesBefore = filesOnDisk(server).stored.length;
      const refusals: [string, Promise<RequestInit>][] = [
        ['missing', Promise.resolve(form())],
        ['invalid', Promise.resolve(withHeader(form(), 'bm90IGEgcGF5bG9hZA=='))],
        ['invalid', issuedAgo(MINUTE).then((proof) => withHeader(form(), tampered(proof)))],
        ['expired', issuedAgo(61 * MINUTE).then((proof) => withHeader(form(), proof))],
        ['tooFast', issuedAgo(2_000).then((proof) => withHeader(form(), proof))],
        ['honeypot', issuedAgo(MINUTE).then((proof) => withHeader(form('https://spam.example'), proof))],
      ];
      for (const [refusal, init] of refusals) {
        const res = await call(server, path, await init);
        expect(res.status, refusal).toBe(400);
        expect(res.body, refusal).toEqual({ error: SPAM_CHECK_MESSAGES[refusal as keyof typeof SPAM_CHECK_MESSAGES] });
      }

      const proof = await issuedAgo(MINUTE);
      expect((await call(server, path, withHeader(form(''), proof))).status).toBe(201);
      const replayed = await call(server, path, withHeader(form(), proof));
      expect(replayed.status).toBe(400);
      expect(replayed.body).toEqual({ error: SPAM_CHECK_MESSAGES.used });

      expect(await total(list)).toBe(before + 1);
      const files = filesOnDisk(server);
      expect(files.stored.length).toBe(filesBefore + (list === 'inquiries' || list === 'supplierInquiries' ? 1 : 0));
      expect(files.incoming).toEqual([]);
    });
  });

  it('issues challenges from GET /api/challenge that expire and must not be answered within the minimum fill time', async () => {
    const res = await call(server, '/api/challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      data: { issuedAt: clock.getTime(), expiresAt: clock.getTime() + 60 * MINUTE },
    });
    const solution = await solveChallenge({ challenge: res.body, deriveKey });
    const proof = proofPayload(res.body, solution);

    clock = new Date(clock.getTime() + 2_999);
    const early = await call(server, '/api/contact', withHeader(FORMS.contacts(), proof));
    expect(early.body).toEqual({ error: SPAM_CHECK_MESSAGES.tooFast });
    clock = new Date(clock.getTime() + 1);
    expect((await call(server, '/api/contact', withHeader(FORMS.contacts(), proof))).status).toBe(201);
  });

  it('forgets used proofs once their challenge has expired', async () => {
    const used = async () => Number((await server.deps.db.all(`SELECT COUNT(*) AS "n" FROM "used_form_proofs"`))[0].n);
    expect(await used()).toBeGreaterThan(0);
    clock = new Date(clock.getTime() + 2 * 60 * MINUTE);
    expect((await call(server, '/api/contact', withHeader(FORMS.contacts(), await issuedAgo(MINUTE)))).status).toBe(201);
    expect(await used()).toBe(1);
  });
});

/** The same challenge with a different (wrong) answer. */
function tampered(payload: string): string {
  const sent = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  sent.solution.derivedKey = `${sent.solution.derivedKey[0] === '0' ? '1' : '0'}${sent.solution.derivedKey.slice(1)}`;
  return Buffer.from(JSON.stringify(sent)).toString('base64');
}
