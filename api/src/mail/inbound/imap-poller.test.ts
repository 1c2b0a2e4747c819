import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { openDatabase } from '../../db/open-database';
import { createLogger } from '../../http/logger';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { freePort } from '../../test/replica-process';
import { postgresUrlWithSchema, TEST_ENGINES, withPostgres } from '../../test/support';
import {
  imapProgressStore,
  imapTarget,
  startImapPoller,
  type ImapPoller,
  type ImapPollerOptions,
  type ImapProgressStore,
} from './imap-poller';

/** An answer as it arrives at the desk mailbox. */
const answer = (n: number) =>
  [
    'From: Buyer <buyer@example.com>',
    'To: desk+contact-1@sourcing.example',
    `Subject: Answer ${n}`,
    `Message-ID: ${messageId(n)}`,
    'Date: Thu, 26 Nov 2026 10:00:00 +0000',
    '',
    `Reply number ${n}.`,
    '',
  ].join('\r\n');
const messageId = (n: number) => `<answer-${n}@buyer.example>`;

/**
 * A `deliver` that stores the Message-IDs of what it is given, in order; `failOnce` makes the
 * first delivery of that message throw. `waitFor(n)` resolves once n messages are stored.
 */
function mailbag(failOnce?: string) {
  const stored: string[] = [];
  const attempts: string[] = [];
  const waiters: (() => void)[] = [];
  return {
    stored,
    attempts,
    async deliver(raw: Buffer) {
      const { messageId: id = '' } = await simpleParser(raw);
      attempts.push(id);
      if (id === failOnce && attempts.filter((a) => a === id).length === 1) throw new Error('the database is away');
      stored.push(id);
      for (const wake of waiters.splice(0)) wake();
    },
    async waitFor(count: number) {
      while (stored.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return stored;
    },
  };
}

/**
 * A TCP relay to a port whose connections the test can cut, as a network failure would, or freeze,
 * as a server that stops answering would; counts those it accepted.
 */
async function relay(port: number) {
  const sockets = new Set<Socket>();
  const pairs: [Socket, Socket][] = [];
  let accepted = 0;
  const server = createServer((inbound) => {
    accepted += 1;
    const outbound = connect(port, '127.0.0.1');
    pairs.push([inbound, outbound]);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => sockets.forEach((socket) => socket.destroy());
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    cut,
    /** Nothing more passes either way; the connections stay open. */
    freeze: () => pairs.forEach(([inbound, outbound]) => (inbound.unpipe(outbound), outbound.unpipe(inbound))),
    close: () => {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('imapTarget', () => {
  it('reads host, port, user and password (decoded) and the mailbox of an IMAP URL', () => {
    expect(imapTarget('imaps://desk%40sourcing.example:p%40ss%2Fw@mail.example/Answers%20in')).toEqual({
      host: 'mail.example',
      port: 993,
      secure: true,
      user: 'desk@sourcing.example',
      password: 'p@ss/w',
      mailbox: 'Answers in',
    });
    expect(imapTarget('imap://u:p@[::1]:1143')).toMatchObject({ host: '::1', port: 1143, secure: false, mailbox: 'INBOX' });
  });
});

describe.each(TEST_ENGINES)('the IMAP poller, at a real dovecot, its progress on %s', (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'imap-poller-'));
  const schema = `imap_poller_${process.pid}`;
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  let db: Database;
  let progress: ImapProgressStore;
  let dovecot: Dovecot;
  let logs: { level: string; msg: string; [field: string]: unknown }[];
  const pollers: ImapPoller[] = [];

  beforeAll(async () => {
    if (engine === 'postgres') await withPostgres(baseUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
    db = await openDatabase({ databaseUrl: engine === 'postgres' ? postgresUrlWithSchema(baseUrl, schema) : null, dataDir });
    await db.migrate();
    progress = imapProgressStore(db, () => new Date());
  });
  afterAll(async () => {
    await db?.close();
    if (engine === 'postgres') await withPostgres(baseUrl, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dovecot = await startDovecot();
    logs = [];
    await db.run(`DELETE FROM "imap_progress"`);
  });
  afterEach(async () => {
    await Promise.all(pollers.splice(0).map((poller) => poller.close()));
    await dovecot?.stop();
  });

  /** A poller of the test's dovecot (INBOX, flagging \Seen, a minute between passes unless told). */
  function poll(options: Pick<ImapPollerOptions, 'deliver'> & Partial<ImapPollerOptions>): ImapPoller {
    const poller = startImapPoller({
      url: dovecot.url,
      doneFolder: null,
      pollMs: 60_000,
      progress,
      logger: createLogger('debug', (line) => logs.push(JSON.parse(line))),
      ...options,
    });
    pollers.push(poller);
    return poller;
  }
  const idsOf = (messages: { source: string }[]) => messages.map((m) => /^Message-ID: (.*)$/m.exec(m.source)?.[1]?.trim());

  it('hands each message to deliver once, in order, then flags it \\Seen and records its UID', async () => {
    for (const n of [1, 2, 3]) await dovecot.deliver(answer(n));
    const bag = mailbag();
    await poll({ deliver: bag.deliver }).nextPass();

    expect(bag.attempts).toEqual([messageId(1), messageId(2), messageId(3)]);
    const inbox = await dovecot.messages();
    expect(idsOf(inbox)).toEqual([messageId(1), messageId(2), messageId(3)]);
    for (const message of inbox) expect(message.flags).toContain('\\Seen');
    expect(await progress.read('INBOX')).toEqual({ uidValidity: expect.stringMatching(/^\d+$/), lastUid: 3 });
  });

  it('moves each delivered message to the done folder, creating it', async () => {
    for (const n of [1, 2]) await dovecot.deliver(answer(n));
    const bag = mailbag();
    await poll({ deliver: bag.deliver, doneFolder: 'Answered' }).nextPass();

    expect(bag.attempts).toEqual([messageId(1), messageId(2)]);
    expect(await dovecot.messages()).toEqual([]);
    expect(idsOf(await dovecot.messages('Answered'))).toEqual([messageId(1), messageId(2)]);
  });

  it('after a restart, delivers only what came meanwhile: nothing lost, nothing repeated', async () => {
    for (const n of [1, 2]) await dovecot.deliver(answer(n));
    const first = mailbag();
    const before = poll({ deliver: first.deliver });
    await before.nextPass();
    await before.close();
    await expect(before.nextPass()).rejects.toThrow('closed');
    expect(first.attempts).toEqual([messageId(1), messageId(2)]);

    // The first two stay in INBOX (flagged): only the progress keeps them from coming again.
    await dovecot.deliver(answer(3));
    const second = mailbag();
    const after = poll({ deliver: second.deliver });
    await after.nextPass();
    await after.close();
    expect(second.attempts).toEqual([messageId(3)]);

    // Nothing new: `4:*` answers UID 3, which must not come again.
    const third = mailbag();
    await poll({ deliver: third.deliver }).nextPass();
    expect(third.attempts).toEqual([]);
  });

  it('reads a mailbox again from its first message when its UIDVALIDITY changed (deleted and created again)', async () => {
    const url = dovecot.url.replace(/\/INBOX$/, '/Answers');
    for (const n of [1, 2]) await dovecot.deliver(answer(n), 'Answers');
    const first = mailbag();
    const before = poll({ url, deliver: first.deliver });
    await before.nextPass();
    await before.close();
    const { uidValidity } = (await progress.read('Answers'))!;

    // The new mailbox starts at UID 1 again, below the 2 recorded.
    const { user, password } = imapTarget(url);
    const admin = new ImapFlow({
      host: '127.0.0.1',
      port: Number(new URL(url).port),
      auth: { user, pass: password },
      logger: false,
    });
    await admin.connect();
    await admin.mailboxDelete('Answers');
    await admin.logout();
    await dovecot.deliver(answer(3), 'Answers');

    const second = mailbag();
    await poll({ url, deliver: second.deliver }).nextPass();
    expect(second.attempts).toEqual([messageId(3)]);
    const now = (await progress.read('Answers'))!;
    expect(now.lastUid).toBe(1);
    expect(now.uidValidity).not.toBe(uidValidity);
    expect(logs).toContainEqual(expect.objectContaining({ level: 'warn', msg: expect.stringContaining('new UIDVALIDITY') }));
  });

  it('when deliver throws, delivers that message again on the next pass, and the ones after it', async () => {
    for (const n of [1, 2, 3]) await dovecot.deliver(answer(n));
    const bag = mailbag(messageId(2));
    const poller = poll({ deliver: bag.deliver, pollMs: 100 });
    await poller.nextPass();
    expect(bag.attempts).toEqual([messageId(1), messageId(2)]);
    expect(await progress.read('INBOX')).toMatchObject({ lastUid: 1 });
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 'error', error: 'the database is away', mailbox: 'INBOX', host: '127.0.0.1' }),
    );

    await poller.nextPass();
    expect(bag.attempts).toEqual([messageId(1), messageId(2), messageId(2), messageId(3)]);
    expect(bag.stored).toEqual([messageId(1), messageId(2), messageId(3)]);
    for (const message of await dovecot.messages()) expect(message.flags).toContain('\\Seen');
  });

  it('delivers a message that arrives while it waits at once (IDLE), not after the poll interval', async () => {
    const bag = mailbag();
    const poller = poll({ deliver: bag.deliver, pollMs: 60_000 });
    await poller.nextPass();
    await dovecot.deliver(answer(1));
    expect(await bag.waitFor(1)).toEqual([messageId(1)]);
    await dovecot.deliver(answer(2));
    expect(await bag.waitFor(2)).toEqual([messageId(1), messageId(2)]);
  }, 5000);

  it('polls every pollMs where the server has no IDLE', async () => {
    await dovecot.stop();
    dovecot = await startDovecot({ idle: false });
    const bag = mailbag();
    const poller = poll({ deliver: bag.deliver, pollMs: 200 });
    await poller.nextPass();
    await dovecot.deliver(answer(1));
    expect(await bag.waitFor(1)).toEqual([messageId(1)]);
    expect(logs.filter((line) => line.level !== 'debug')).toEqual([]);
  }, 5000);

  it('connects again when the connection drops, and goes on delivering', async () => {
    const cuttable = await relay(Number(new URL(dovecot.url).port));
    try {
      const url = dovecot.url.replace(/:\d+\//, `:${cuttable.port}/`);
      const bag = mailbag();
      await dovecot.deliver(answer(1));
      await poll({ url, deliver: bag.deliver, pollMs: 60_000 }).nextPass();
      cuttable.cut();
      await dovecot.deliver(answer(2));
      expect(await bag.waitFor(2)).toEqual([messageId(1), messageId(2)]);
      expect(cuttable.accepted()).toBe(2);
    } finally {
      await cuttable.close();
    }
  }, 5000);

  it('drops the connection of a server that stopped answering when closed, instead of waiting on it', async () => {
    const frozen = await relay(Number(new URL(dovecot.url).port));
    try {
      const url = dovecot.url.replace(/:\d+\//, `:${frozen.port}/`);
      const poller = poll({ url, deliver: mailbag().deliver, pollMs: 60_000, closeGraceMs: 100 });
      await poller.nextPass();
      frozen.freeze();
      // The logout gets no answer: without the grace, this waits for the socket's timeout (minutes).
      await poller.close();
      expect(logs).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: expect.stringContaining('did not answer while closing') }),
      );
    } finally {
      await frozen.close();
    }
  }, 5000);

  it('logs a failed connection without the password, keeps trying, and closes at once', async () => {
    const password = 'not-the-password-0123';
    const wrongPassword = dovecot.url.replace(/:[^:@/]+@/, `:${password}@`);
    const nobodyListening = `imap://desk:${password}@127.0.0.1:${await freePort()}/INBOX`;
    for (const url of [wrongPassword, nobodyListening]) {
      logs = [];
      const poller = poll({ url, deliver: mailbag().deliver });
      await poller.nextPass();
      expect(logs).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: expect.stringContaining('connecting again'), retryInMs: 1000 }),
      );
      expect(JSON.stringify(logs)).not.toContain(password);
      const closing = Date.now();
      await poller.close();
      expect(Date.now() - closing).toBeLessThan(500);
    }
  });
});
