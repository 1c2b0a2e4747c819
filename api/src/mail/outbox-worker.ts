import type { MailPurpose, RecordKind } from '@sourcing/shared';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { dbTime, timeFromDb } from '../db/engine';
import type { Logger } from '../http/logger';
import { queueDueDigest } from './staff-alerts';
import { storedFilePath } from '../uploads/upload-store';
import { createMessageWriter, type StoredMail } from './compose';
import type { MailToDeliver, MailTransport } from './transport';
import { addressVerdict, recordWithheld } from './visitor-mail';

/** Runs the outbox: `nudge` after a commit that queued mail delivers it now rather than at the next poll. */
export interface MailWorker {
  nudge(): void;
  /** Stops polling and waits for the mails being delivered. */
  close(): Promise<void>;
}

/** What the worker needs of the app's dependencies (it is one of them: app-deps.ts). */
interface WorkerDeps {
  db: Pick<Database, 'engine' | 'all' | 'run' | 'transaction'>;
  config: Pick<Config, 'mail' | 'publicUrl' | 'port' | 'uploadsDir'>;
  logger: Logger;
  now: () => Date;
}

const BATCH = 10;

/** A claimed mail: what the transport needs, and what its record's timeline needs should it be withheld. */
interface ClaimedMail extends MailToDeliver, StoredMail {
  attempts: number;
  purpose: MailPurpose;
  recordKind: RecordKind | null;
  recordId: string | null;
}

/** Why a withheld mail was not sent, as the Outbox page shows it. */
const WITHHELD_TEXT = {
  'invalid-address': (recipient: string) => `Not sent: ${recipient} is not one e-mail address`,
  blocked: (recipient: string) => `Not sent: ${recipient} is on the block list`,
} as const;
const MAX_BACKOFF_MS = 60 * 60_000;

/** The wait before attempt n+1 after n failed ones: base, 2 x base, 4 x base, ... up to an hour. */
export const retryDelayMs = (baseMs: number, attempts: number) => Math.min(baseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);

/**
 * Claims due mails, writes each (MIME, DKIM: compose.ts) and hands it to the transport. A claim sets a lease in one statement; on
 * PostgreSQL `FOR UPDATE SKIP LOCKED` lets replicas claim side by side without taking the same
 * row, and a replica that dies mid-send leaves its mails to whoever comes after the lease.
 */
export function startMailWorker(deps: WorkerDeps, transport: MailTransport): MailWorker {
  const { retryBaseMs, maxAttempts, leaseSeconds, pollMs } = deps.config.mail;
  const { db } = deps;
  const postgres = db.engine === 'postgres';
  const time = (date: Date) => dbTime(db.engine, date);
  const write = createMessageWriter(deps.config.mail.dkim, (storedName) => storedFilePath(deps.config.uploadsDir, storedName));

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function claim(): Promise<ClaimedMail[]> {
    const now = deps.now();
    type Claimed = Omit<ClaimedMail, 'recipients' | 'content' | 'createdAt'> & {
      recipients: string;
      content: string;
      createdAt: Date | string;
    };
    const rows = await db.all<Claimed>(
      `UPDATE "mail_outbox" SET "leaseUntil" = ?, "attempts" = "attempts" + 1
WHERE "id" IN (SELECT "id" FROM "mail_outbox"
  WHERE "state" = 'pending' AND "nextAttemptAt" <= ? AND ("leaseUntil" IS NULL OR "leaseUntil" <= ?)
  ORDER BY "nextAttemptAt" LIMIT ${BATCH}${postgres ? ' FOR UPDATE SKIP LOCKED' : ''})
RETURNING "id", "sender", "recipients", "subject", "content", "messageId", "createdAt", "attempts", "purpose", "recordKind", "recordId"`,
      [time(new Date(now.getTime() + leaseSeconds * 1000)), time(now), time(now)],
    );
    return rows.map((r) => ({
      ...r,
      recipients: JSON.parse(r.recipients) as string[],
      content: JSON.parse(r.content) as ClaimedMail['content'],
      createdAt: timeFromDb(r.createdAt),
      attempts: Number(r.attempts),
    }));
  }

  /**
   * Checked again as it is sent, whenever it was queued (docs/mail.md#addresses): a mail to something
   * that is not one address (queued before addresses were parsed) or to a blocked address or domain
   * is never sent. It is marked withheld, and its record's timeline says why.
   */
  async function withheld(mail: ClaimedMail): Promise<boolean> {
    for (const recipient of mail.recipients) {
      const verdict = await addressVerdict(deps, recipient);
      if (verdict.ok) continue;
      await db.transaction(async (tx) => {
        await tx.run(`UPDATE "mail_outbox" SET "state" = 'withheld', "leaseUntil" = NULL, "lastError" = ? WHERE "id" = ?`, [
          WITHHELD_TEXT[verdict.reason](recipient),
          mail.id,
        ]);
        if (mail.recordKind && mail.recordId) {
          const details = { purpose: mail.purpose, to: recipient, reason: verdict.reason };
          await recordWithheld(tx, { kind: mail.recordKind, id: mail.recordId }, details, deps.now());
        }
      });
      return true;
    }
    return false;
  }

  /** Written first, then checked: the check stays next to the hand-over, so a block lands on every mail not yet handed over. */
  async function deliver(mail: ClaimedMail) {
    try {
      const message = await write(mail);
      if (await withheld(mail)) return;
      await transport.deliver(mail, message);
      await db.run(
        `UPDATE "mail_outbox" SET "state" = ?, "deliveredAt" = ?, "leaseUntil" = NULL, "lastError" = NULL WHERE "id" = ?`,
        [transport.delivers, time(deps.now()), mail.id],
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = mail.attempts >= maxAttempts;
      deps.logger[failed ? 'error' : 'warn']('mail delivery failed', { mail: mail.id, attempts: mail.attempts, error: message });
      const next = new Date(deps.now().getTime() + retryDelayMs(retryBaseMs, mail.attempts));
      await db.run(
        `UPDATE "mail_outbox" SET "state" = ?, "nextAttemptAt" = ?, "leaseUntil" = NULL, "lastError" = ? WHERE "id" = ?`,
        [failed ? 'failed' : 'pending', time(next), message.slice(0, 1000), mail.id],
      );
    }
  }

  async function drain() {
    await queueDueDigest(deps);
    for (;;) {
      const mails = await claim();
      for (const mail of mails) await deliver(mail);
      if (mails.length < BATCH || stopped) return;
    }
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = drain()
      .catch((error: unknown) => {
        deps.logger.error('mail outbox failed', { error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else {
          timer = setTimeout(run, pollMs);
        }
      });
  }

  run();
  return {
    nudge: run,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
