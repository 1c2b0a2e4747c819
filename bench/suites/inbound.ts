import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { createStore, HOST, startApi, takePort, type Engine, type Store } from '../lib/processes';
import { printTable, writeResults, type Row } from '../lib/report';
import { queryStore } from '../lib/store-check';
import { submit, ENDPOINTS } from '../lib/submissions';

/**
 * The SMTP receiver for answers (docs/mail.md#answers-over-smtp), on each engine:
 * - throughput: BENCH_INBOUND_MESSAGES (2000) answers sent over BENCH_INBOUND_CONNECTIONS (8)
 *   SMTP connections, each threaded by the reference in its subject to one of 20 contact
 *   messages; messages per second from the first MAIL FROM to the last 250, and every message
 *   must then be one stored, attached row;
 * - kill -9: the same senders in a loop; after BENCH_KILL_AFTER_MS (3 s) and at least 50 answered
 *   250 the server gets SIGKILL; after a restart on the same data every Message-ID answered 250
 *   must be stored exactly once. A mail that was not answered (the connection died) is sent again
 *   after the restart, as a sending server would: it too must end up stored once.
 */

const MESSAGES = Number(process.env.BENCH_INBOUND_MESSAGES ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_INBOUND_CONNECTIONS ?? 8);
const KILL_AFTER_MS = Number(process.env.BENCH_KILL_AFTER_MS ?? 3000);
const RECORDS = 20;
const DESK = 'desk@bench.example';

interface Thread {
  reference: string;
  email: string;
}

/** Contact messages to answer: their references and the addresses the answers come from. */
async function threads(apiUrl: string, store: Store): Promise<Thread[]> {
  const contact = ENDPOINTS.find((e) => e.name === 'contact')!;
  for (let n = 0; n < RECORDS; n++) {
    const outcome = await submit(apiUrl, contact, n);
    if (outcome.status !== 201) throw new Error(`the contact form answered ${outcome.status}`);
  }
  return queryStore<Thread>(store, `SELECT "reference", "email" FROM "contact_messages"`);
}

/** Answer `n` to one of the threads, by the reference in its subject, from the record's own address. */
function answer(thread: Thread, n: number): { raw: string; messageId: string } {
  const messageId = `<bench-${randomUUID()}@buyer.example>`;
  const raw = [
    `From: Bench Buyer <${thread.email}>`,
    `To: ${DESK}`,
    `Subject: Re: ${thread.reference}`,
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Answer ${n}: 500 t at the quoted price, delivery in March.`,
    '',
    `> Reference: ${thread.reference}`,
    '',
  ].join('\r\n');
  return { raw, messageId };
}

const transports = (port: number) =>
  Array.from({ length: CONNECTIONS }, () =>
    nodemailer.createTransport({ host: HOST, port, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 }),
  );

async function storedIds(store: Store): Promise<Map<string, number>> {
  const rows = await queryStore<{ messageId: string; state: string }>(store, `SELECT "messageId", "state" FROM "inbound_mails"`);
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.messageId, (counts.get(row.messageId) ?? 0) + (row.state === 'attached' ? 1 : 1000));
  return counts;
}

async function throughputOn(engine: Engine): Promise<Row> {
  const store = await createStore(engine);
  const smtpPort = takePort();
  const api = await startApi(store, { REPLY_TO_ADDRESS: DESK, INBOUND_SMTP_PORT: String(smtpPort) });
  try {
    const made = await threads(api.url, store);
    const answers = Array.from({ length: MESSAGES }, (_, n) => answer(made[n % made.length], n));
    const senders = transports(smtpPort);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      senders.map(async (sender) => {
        while (next < answers.length) {
          const { raw } = answers[next++];
          await sender.sendMail({ envelope: { from: 'buyer@buyer.example', to: [DESK] }, raw });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    for (const sender of senders) sender.close();
    const stored = await storedIds(store);
    const once = answers.filter((a) => stored.get(a.messageId) === 1).length;
    return {
      engine,
      messages: MESSAGES,
      connections: CONNECTIONS,
      seconds: seconds.toFixed(1),
      'messages/s': Math.round(MESSAGES / seconds),
      'stored and attached once': once,
      'missing or wrong': MESSAGES - once,
    };
  } finally {
    await api.stop();
    await store.drop();
  }
}

async function killOn(engine: Engine): Promise<Row> {
  const store = await createStore(engine);
  const smtpPort = takePort();
  const env = { REPLY_TO_ADDRESS: DESK, INBOUND_SMTP_PORT: String(smtpPort) };
  let api = await startApi(store, env);
  try {
    const made = await threads(api.url, store);
    const acknowledged: string[] = [];
    const unanswered: { raw: string; messageId: string }[] = [];
    let sent = 0;
    let dead = false;
    const senders = transports(smtpPort);
    const work = senders.map(async (sender, w) => {
      for (let i = 0; !dead; i++) {
        const mail = answer(made[(w + i) % made.length], w * 1_000_000 + i);
        sent++;
        try {
          await sender.sendMail({ envelope: { from: 'buyer@buyer.example', to: [DESK] }, raw: mail.raw });
          acknowledged.push(mail.messageId);
        } catch {
          unanswered.push(mail);
          return;
        }
      }
    });
    await new Promise<void>((resolve) => {
      const at = Date.now() + KILL_AFTER_MS;
      const check = setInterval(() => {
        if (Date.now() >= at && acknowledged.length >= 50) {
          clearInterval(check);
          resolve();
        }
      }, 20);
    });
    api.child.kill('SIGKILL');
    await new Promise((resolve) => api.child.once('exit', resolve));
    dead = true;
    await Promise.all(work);
    for (const sender of senders) sender.close();

    api = await startApi(store, env);
    // What got no 250 is sent again, as the sending server would: it may or may not have committed.
    const retry = nodemailer.createTransport({ host: HOST, port: smtpPort, secure: false, ignoreTLS: true });
    for (const mail of unanswered) await retry.sendMail({ envelope: { from: 'buyer@buyer.example', to: [DESK] }, raw: mail.raw });
    retry.close();
    const stored = await storedIds(store);
    const missing = acknowledged.filter((id) => !stored.has(id)).length;
    const twice = [...stored.values()].filter((count) => count !== 1).length;
    const retriedOnce = unanswered.filter((m) => stored.get(m.messageId) === 1).length;
    return {
      engine,
      sent,
      'answered 250': acknowledged.length,
      'missing after restart': missing,
      'stored twice (or unthreaded)': twice,
      'unanswered, sent again': unanswered.length,
      'of those stored once': retriedOnce,
    };
  } finally {
    await api.stop();
    await store.drop();
  }
}

export async function inboundSuite(engines: Engine[]): Promise<void> {
  const throughput: Row[] = [];
  const kill: Row[] = [];
  for (const engine of engines) {
    throughput.push(await throughputOn(engine));
    kill.push(await killOn(engine));
  }
  printTable('Inbound answers through the SMTP receiver', throughput);
  printTable('Inbound answers: kill -9 during delivery, then restart', kill);
  writeResults('inbound', throughput, { kill });
}
