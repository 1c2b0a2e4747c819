import type { ConnectionOptions } from 'node:tls';
import { ImapFlow } from 'imapflow';
import type { Database } from '../../db/database';
import { dbTime } from '../../db/engine';
import type { Logger } from '../../http/logger';

/**
 * The IMAP way in for answers (docs/mail.md#answers-over-imap): the desk mailbox is read with
 * imapflow and every new message's raw bytes go to `deliver`, which stores them (idempotently, by
 * Message-ID).
 *
 * One message at a time, in UID order: deliver, then move it to the done folder (or flag it
 * \Seen), then record its UID as read. A crash in between delivers the message again on the next
 * run, which storage ignores; no order of failures skips a message. The UIDs recorded belong to
 * the mailbox's UIDVALIDITY: when the server announces a new one, the mailbox is read again from
 * its first message.
 */

/** How far a mailbox was read: its last UID handed to `deliver`, under the mailbox's UIDVALIDITY. */
export interface ImapProgress {
  uidValidity: string;
  lastUid: number;
}

/** Where the poller keeps how far it read each mailbox. */
export interface ImapProgressStore {
  read(mailbox: string): Promise<ImapProgress | null>;
  write(mailbox: string, progress: ImapProgress): Promise<void>;
}

/**
 * The progress in the `imap_progress` table. A write never takes a mailbox back to a lower UID
 * under the same UIDVALIDITY, so two replicas reading the same mailbox cannot undo each other's
 * progress (they may deliver a message twice, which storage ignores).
 */
export function imapProgressStore(db: Database, now: () => Date): ImapProgressStore {
  return {
    async read(mailbox) {
      const [row] = await db.all<{ uidValidity: string; lastUid: number | string }>(
        `SELECT "uidValidity", "lastUid" FROM "imap_progress" WHERE "mailbox" = ?`,
        [mailbox],
      );
      // PostgreSQL answers a bigint as a string.
      return row ? { uidValidity: row.uidValidity, lastUid: Number(row.lastUid) } : null;
    },
    async write(mailbox, { uidValidity, lastUid }) {
      await db.run(
        `INSERT INTO "imap_progress" ("mailbox", "uidValidity", "lastUid", "updatedAt") VALUES (?, ?, ?, ?)
  ON CONFLICT ("mailbox") DO UPDATE SET
    "uidValidity" = EXCLUDED."uidValidity", "lastUid" = EXCLUDED."lastUid", "updatedAt" = EXCLUDED."updatedAt"
  WHERE "imap_progress"."uidValidity" <> EXCLUDED."uidValidity" OR "imap_progress"."lastUid" < EXCLUDED."lastUid"`,
        [mailbox, uidValidity, lastUid, dbTime(db.engine, now())],
      );
    },
  };
}

export interface ImapPollerOptions {
  /** imap://user:pass@host[:port]/FOLDER or imaps://...: the folder is the mailbox read (INBOX when none). */
  url: string;
  /** Where each delivered message is moved (created if missing); null: it stays, flagged \Seen. */
  doneFolder: string | null;
  /** How often the mailbox is read when the server has no IDLE, and the longest an IDLE waits before reading it anyway. */
  pollMs: number;
  progress: ImapProgressStore;
  /**
   * Stores one raw message; resolves once it is stored. When it throws, that message and the ones
   * after it are read again on the next pass.
   */
  deliver(raw: Buffer): Promise<void>;
  logger: Logger;
  /** TLS options of the connection (a test server's own certificate, say). */
  tls?: ConnectionOptions;
  /**
   * How long `close` lets the message in hand and the logout take before it drops the connection
   * (a server that stopped answering would otherwise hold a shutdown until the socket times out).
   */
  closeGraceMs?: number;
}

export interface ImapPoller {
  /**
   * Resolves when a pass that started after this call has finished, well or not (tests wait on it
   * instead of sleeping). The first pass starts after `startImapPoller` returns, so a call right
   * after it waits for the first pass. Rejects once the poller is closed.
   */
  nextPass(): Promise<void>;
  /**
   * Finishes the message in hand, stops, logs out; resolves when nothing is left running. A server
   * that does not answer within `closeGraceMs` has its connection dropped (the message in hand is
   * then read again by the next start, and the Message-ID keeps it from making a second entry).
   */
  close(): Promise<void>;
}

/** Where the mailbox is: the parts of the IMAP URL, user and password decoded. */
export interface ImapTarget {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
}

export function imapTarget(url: string): ImapTarget {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

/** The wait before reconnecting after the n-th failure in a row: 1 s, doubling up to a minute. */
const RECONNECT_FIRST_MS = 1000;
const RECONNECT_MAX_MS = 60_000;
const reconnectDelay = (failures: number) => Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** (failures - 1));
const CLOSE_GRACE_MS = 10_000;

interface PassWaiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Reads the mailbox until closed: a pass at start, then one each time the server announces new
 * mail (IDLE), at the latest every `pollMs`. One connection, one pass at a time; a lost
 * connection is opened again after a growing delay.
 */
export function startImapPoller(options: ImapPollerOptions): ImapPoller {
  const target = imapTarget(options.url);
  const { logger } = options;
  const where = { host: target.host, mailbox: target.mailbox };
  let closed = false;
  let client: ImapFlow | null = null;
  /** The server announced a message since the current pass opened the mailbox: read again at once. */
  let mailAnnounced = false;
  /** Ends the pause between passes early (new mail, a lost connection, close). */
  let wake: (() => void) | null = null;
  /** Those waiting for the next pass to start and finish. */
  let waiters: PassWaiter[] = [];

  const running = Promise.resolve().then(run);

  async function run() {
    let failures = 0;
    while (!closed) {
      const waitingForThisPass = waiters;
      waiters = [];
      try {
        await pass();
        failures = 0;
      } catch (error) {
        if (client?.usable) {
          // The connection is fine; deliver, the progress store or a command failed.
          logger.error('IMAP pass failed; the mailbox is read again from the same message on the next pass', {
            ...where,
            error: errorText(error),
          });
        } else if (!closed) {
          failures += 1;
          client?.close();
          client = null;
          // A failure that outlasts a retry is an error: someone should look at the server or the URL.
          logger[failures > 1 ? 'error' : 'warn']('IMAP connection failed; connecting again', {
            ...where,
            error: errorText(error),
            retryInMs: reconnectDelay(failures),
          });
        }
      }
      for (const waiter of waitingForThisPass) waiter.resolve();
      await pause(failures ? reconnectDelay(failures) : options.pollMs);
    }
    for (const waiter of waiters.splice(0)) waiter.reject(new Error('The IMAP poller is closed'));
    await logOut();
  }

  /** Reads what the mailbox holds past the progress, connecting first when there is no connection. */
  async function pass() {
    if (!client?.usable) {
      client = newClient();
      await client.connect();
    }
    const imap = client;
    // On every pass, so a folder that could not be created (or was deleted) is tried again.
    if (options.doneFolder) await ensureFolder(imap, options.doneFolder);
    // SELECT again on every pass: the mailbox's current state, and its UIDVALIDITY as of now.
    const mailbox = await imap.mailboxOpen(target.mailbox);
    mailAnnounced = false;
    const uidValidity = mailbox.uidValidity.toString();
    const stored = await options.progress.read(target.mailbox);
    if (stored && stored.uidValidity !== uidValidity) {
      logger.warn('IMAP mailbox has a new UIDVALIDITY: reading it from its first message', where);
    }
    const lastUid = stored?.uidValidity === uidValidity ? stored.lastUid : 0;
    // `n:*` always includes the highest UID, also when it is below n: those are filtered out.
    const uids = mailbox.exists
      ? (await imap.fetchAll(`${lastUid + 1}:*`, { uid: true }, { uid: true }))
          .map((message) => message.uid)
          .filter((uid) => uid > lastUid)
          .sort((a, b) => a - b)
      : [];
    logger.debug('IMAP pass', { ...where, messages: uids.length });
    for (const uid of uids) {
      if (closed) return;
      const message = await imap.fetchOne(String(uid), { source: true }, { uid: true });
      // A message gone meanwhile (another client moved it) has nothing left to deliver.
      if (message && message.source) {
        await options.deliver(message.source);
        await markDone(imap, uid);
      }
      await options.progress.write(target.mailbox, { uidValidity, lastUid: uid });
    }
  }

  /** Moves a delivered message to the done folder, or flags it \Seen. */
  async function markDone(imap: ImapFlow, uid: number) {
    const marked = options.doneFolder
      ? await imap.messageMove(String(uid), options.doneFolder, { uid: true })
      : await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    if (marked) return;
    // Without a connection the pass ends here, and the message is delivered and marked again.
    if (!imap.usable) throw new Error(`the connection closed before message ${uid} was marked as read`);
    // A refusal by the server must not hold up the messages after it: this one stays as it is.
    logger.warn(options.doneFolder ? 'IMAP server did not move a read message' : 'IMAP server did not flag a read message', {
      ...where,
      uid,
    });
  }

  function newClient(): ImapFlow {
    const imap = new ImapFlow({
      host: target.host,
      port: target.port,
      secure: target.secure,
      auth: { user: target.user, pass: target.password },
      tls: options.tls,
      logger: false,
      // IDLE only between passes, started here (pause).
      disableAutoIdle: true,
    });
    imap.on('error', (error: Error) => logger.warn('IMAP connection error', { ...where, error: error.message }));
    imap.on('exists', () => {
      mailAnnounced = true;
      wake?.();
    });
    imap.on('close', () => wake?.());
    return imap;
  }

  /**
   * Waits `ms` before the next pass, idling meanwhile so that a message that arrives ends the wait
   * (its EXISTS): imapflow's IDLE where the server offers it, else its NOOP every two minutes,
   * which also keeps a long wait from timing the connection out. The next pass's first command
   * ends the idling.
   */
  function pause(ms: number): Promise<void> {
    if (closed || mailAnnounced) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      wake = done;
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      if (client?.usable) {
        client.idle().catch((error: unknown) => logger.debug('IMAP IDLE ended', { ...where, error: errorText(error) }));
      }
    });
  }

  /** Logs out; the connection stays `client` meanwhile, so a close that runs out of grace can drop it. */
  async function logOut() {
    const imap = client;
    if (!imap) return;
    try {
      if (imap.usable) await imap.logout();
      else imap.close();
    } catch {
      imap.close();
    } finally {
      client = null;
    }
  }

  return {
    nextPass() {
      if (closed) return Promise.reject(new Error('The IMAP poller is closed'));
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },
    async close() {
      closed = true;
      wake?.();
      // A connection still being opened is dropped (a pass in hand finishes its message first).
      if (client && !client.usable) client.close();
      const drop = setTimeout(() => {
        logger.warn('IMAP server did not answer while closing; dropping the connection', where);
        client?.close();
      }, options.closeGraceMs ?? CLOSE_GRACE_MS);
      try {
        await running;
      } finally {
        clearTimeout(drop);
      }
    },
  };
}

/** Creates the folder unless the server knows it (STATUS refuses a missing one). */
async function ensureFolder(imap: ImapFlow, folder: string) {
  const found = await imap.status(folder, { messages: true }).catch(() => false);
  if (!found) await imap.mailboxCreate(folder);
}

/** An error as logged: its message, and what the server answered when it was an IMAP command that failed. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { responseText } = error as { responseText?: unknown };
  return typeof responseText === 'string' && responseText ? `${error.message}: ${responseText}` : error.message;
}
