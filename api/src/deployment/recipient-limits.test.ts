import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProof } from '../test/form-proof';
import { replicaSpamCheckEnv, startReplica, stopReplica, type Replica } from '../test/replica-process';
import { smtpCapture, type SmtpCapture } from '../test/smtp-capture';
import { jsonBody, postgresUrlWithSchema, withPostgres } from '../test/support';

/**
 * The per-address allowance of mails to visitors (docs/hardening.md#mail-to-visitors) is one count
 * for every replica: two real server processes on one PostgreSQL schema, each taking submissions
 * aimed at the same victim, send it one mail between them.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('mails to one address across two replicas on PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  const schema = `recipient_limits_${randomBytes(5).toString('hex')}`;
  const replicas: Replica[] = [];
  let dir: string;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sourcing-recipient-limits-'));
    smtp = await smtpCapture();
    await withPostgres(baseUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
    const env = {
      DATABASE_URL: postgresUrlWithSchema(baseUrl, schema),
      JWT_SECRET: `replica-secret-${randomBytes(16).toString('hex')}`,
      WEB_DIST_DIR: join(dir, 'web'),
      UPLOADS_DIR: join(dir, 'uploads'),
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
      MAIL_POLL_MS: '20',
      ...replicaSpamCheckEnv(),
    };
    replicas.push(await startReplica('A', { ...env, DATA_DIR: join(dir, 'a') }));
    replicas.push(await startReplica('B', { ...env, DATA_DIR: join(dir, 'b') }));
  });
  afterAll(async () => {
    await Promise.all(replicas.map(stopReplica));
    await smtp?.stop();
    await withPostgres(baseUrl, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the victim one confirmation in 10 minutes, whichever replica and form took the submissions', async () => {
    const post = async (replica: Replica, path: string, body: unknown) => {
      const res = await fetch(`${replica.url}/api${path}`, await withProof({ url: replica.url }, jsonBody(body)));
      expect(res.status).toBe(201);
    };
    const victim = (n: number) => ({
      name: 'Your bank',
      email: n % 2 ? 'victim@example.com' : 'VICTIM@Example.com',
      message: 'x',
    });
    await Promise.all([
      ...Array.from({ length: 8 }, (_, n) => post(replicas[n % 2], '/contact', victim(n))),
      post(replicas[0], '/subscribers', { email: 'victim@example.com' }),
      post(replicas[1], '/contact', { name: 'Bea', email: 'bea@example.com', message: 'x' }),
    ]);
    await smtp.waitFor(2, 20_000);
    // Every submission is stored and answered; the outbox holds no other mail that could still go.
    const states = await withPostgres(postgresUrlWithSchema(baseUrl, schema), async (client) => {
      const outbox = await client.query<{ recipients: string }>(`SELECT "recipients" FROM "mail_outbox"`);
      const stored = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM "contact_messages"`);
      const withheld = await client.query<{ n: string }>(
        `SELECT COUNT(*) AS n FROM "record_events" WHERE "type" = 'withheld' AND "details" LIKE '%recipient-limit%'`,
      );
      return { recipients: outbox.rows.map((r) => r.recipients), stored: stored.rows[0].n, withheld: withheld.rows[0].n };
    });
    expect(states.stored).toBe('9');
    expect(states.recipients.map((r) => r.toLowerCase()).sort()).toEqual(['["bea@example.com"]', '["victim@example.com"]']);
    expect(states.withheld).toBe('8');
    expect(smtp.received.map((m) => m.envelope.to[0].toLowerCase()).sort()).toEqual(['bea@example.com', 'victim@example.com']);
  });
});
