import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withProof } from '../test/form-proof';
import { freePort, replicaSpamCheckEnv, startReplica, stopReplica, type Replica } from '../test/replica-process';
import { smtpCapture, type SmtpCapture } from '../test/smtp-capture';
import { jsonBody, postgresUrlWithSchema, withPostgres } from '../test/support';

const message = (n: number) => ({ name: `Ada ${n}`, email: `ada${n}@example.com`, message: `Hello ${n}` });

const submit = async (replica: Replica, n: number) => {
  const res = await fetch(`${replica.url}/api/contact`, await withProof({ url: replica.url }, jsonBody(message(n))));
  expect(res.status).toBe(201);
};

/** Every confirmation arrived exactly once, and nothing else than the expected mails. */
function expectEachOnce(smtp: SmtpCapture, numbers: number[]) {
  const ids = smtp.received.map((m) => m.mail.messageId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const n of numbers) expect(smtp.received.filter((m) => m.envelope.to.includes(`ada${n}@example.com`))).toHaveLength(1);
  expect(smtp.received).toHaveLength(numbers.length);
}

describe('a process killed after the commit, before the send', () => {
  let dir: string;
  let smtp: SmtpCapture;
  let blackHole: Server;
  const sockets: Socket[] = [];
  const replicas: Replica[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sourcing-mail-crash-'));
    smtp = await smtpCapture();
  });
  afterAll(async () => {
    await Promise.all(replicas.map(stopReplica));
    for (const socket of sockets) socket.destroy();
    blackHole?.close();
    await smtp?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers the mail after the restart', async () => {
    // An SMTP server that accepts connections and never greets: the first process has claimed the
    // mail and is waiting to send it when it dies.
    let connected!: () => void;
    const claimed = new Promise<void>((resolve) => (connected = resolve));
    blackHole = createServer((socket) => {
      sockets.push(socket);
      connected();
    });
    const holePort = await freePort();
    await new Promise<void>((resolve) => blackHole.listen(holePort, '127.0.0.1', resolve));
    const env = {
      DATA_DIR: join(dir, 'data'),
      WEB_DIST_DIR: join(dir, 'web'),
      LOG_LEVEL: 'warn',
      MAIL_LEASE_SECONDS: '1',
      // The second process finds the mail on its first look after the dead one's lease ran out.
      MAIL_POLL_MS: '50',
      ...replicaSpamCheckEnv(),
    };

    const first = await startReplica('first', { ...env, SMTP_URL: `smtp://127.0.0.1:${holePort}` });
    replicas.push(first);
    await submit(first, 1);
    await claimed;
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));

    const second = await startReplica('second', { ...env, SMTP_URL: smtp.url });
    replicas.push(second);
    await smtp.waitFor(1);
    expectEachOnce(smtp, [1]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two replicas sharing one outbox on PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  const schema = `mail_replicas_${randomBytes(5).toString('hex')}`;
  const replicas: Replica[] = [];
  let dir: string;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sourcing-mail-replicas-'));
    smtp = await smtpCapture();
    await withPostgres(baseUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
    const env = {
      DATABASE_URL: postgresUrlWithSchema(baseUrl, schema),
      JWT_SECRET: `replica-secret-${randomBytes(16).toString('hex')}`,
      WEB_DIST_DIR: join(dir, 'web'),
      UPLOADS_DIR: join(dir, 'uploads'),
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      // Both poll all the time, so both race for every mail.
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
  afterEach(() => smtp.received.splice(0));

  it('delivers each mail once, whichever replica took the submission', async () => {
    const numbers = Array.from({ length: 20 }, (_, i) => i + 1);
    await Promise.all(numbers.map((n) => submit(replicas[n % 2], n)));
    await smtp.waitFor(numbers.length, 30_000);
    // Both replicas are done with the outbox once every row is marked sent.
    const states = () =>
      withPostgres(postgresUrlWithSchema(baseUrl, schema), async (client) => {
        const { rows } = await client.query<{ state: string; n: string }>(
          `SELECT "state", COUNT(*) AS n FROM "mail_outbox" GROUP BY "state"`,
        );
        return rows;
      });
    await expect.poll(states, { timeout: 15_000 }).toEqual([{ state: 'sent', n: String(numbers.length) }]);
    expectEachOnce(smtp, numbers);
  });
});
