import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support';

/**
 * The SMTP receiver's transport (docs/mail.md#answers-over-smtp): STARTTLS with a certificate, and
 * the connections it holds. What it does with a mail is proven on both engines in inbound.test.ts.
 */
const DESK = 'desk@sourcing.example';
const answer = [
  'From: a@buyer.example',
  `To: ${DESK}`,
  'Subject: Price',
  'Message-ID: <tls-1@buyer.example>',
  '',
  'Hello',
  '',
].join('\r\n');

/** A plain connection's first line from the receiver: its greeting, or why it will not talk. */
function greeting(port: number): Promise<{ line: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('data', (data) => resolve({ line: data.toString().split('\r\n')[0], socket }));
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));

describe('the SMTP receiver’s connections', () => {
  const certDir = mkdtempSync(join(tmpdir(), 'smtp-receiver-tls-'));
  const [cert, key] = [join(certDir, 'cert.pem'), join(certDir, 'key.pem')];
  let withTls: TestServer;
  let withoutTls: TestServer;

  beforeAll(async () => {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert],
      {
        stdio: 'ignore',
      },
    );
    const env = { REPLY_TO_ADDRESS: DESK, INBOUND_SMTP_PORT: '0', INBOUND_SMTP_CLIENTS_PER_ADDRESS: '2' };
    withTls = await startTestServer({
      engine: 'sqlite',
      env: { ...env, INBOUND_SMTP_TLS_CERT: cert, INBOUND_SMTP_TLS_KEY: key },
    });
    withoutTls = await startTestServer({ engine: 'sqlite', env });
  });
  afterAll(async () => {
    await withTls?.close();
    await withoutTls?.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  const sender = (server: TestServer) =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: server.inboundSmtpPort!,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });

  it('offers STARTTLS with a certificate, so a sender that insists on encryption delivers; without one it cannot', async () => {
    const delivered = await sender(withTls).sendMail({ envelope: { from: 'a@buyer.example', to: [DESK] }, raw: answer });
    expect(delivered.accepted).toEqual([DESK]);
    const [stored] = await withTls.deps.db.all<{ n: number }>(`SELECT COUNT(*) AS "n" FROM "inbound_mails"`);
    expect(Number(stored.n)).toBe(1);

    await expect(sender(withoutTls).sendMail({ envelope: { from: 'a@buyer.example', to: [DESK] }, raw: answer })).rejects.toThrow(
      /STARTTLS/,
    );
  });

  it('holds at most INBOUND_SMTP_CLIENTS_PER_ADDRESS connections from one address, and takes another once one closes', async () => {
    const port = withoutTls.inboundSmtpPort!;
    const first = await greeting(port);
    const second = await greeting(port);
    expect([first.line, second.line]).toEqual([expect.stringMatching(/^220 /), expect.stringMatching(/^220 /)]);
    const third = await greeting(port);
    expect(third.line).toMatch(/^421 Too many connections from your address/);
    await closed(third.socket);

    first.socket.end('QUIT\r\n');
    await closed(first.socket);
    const again = await greeting(port);
    expect(again.line).toMatch(/^220 /);
    for (const { socket } of [second, again]) socket.end('QUIT\r\n');
  });
});
