import { TITLE_OF, type RecordKind } from '@sourcing/shared';
import type { Config } from '../config';
import type { Database, Transaction } from '../db/database';
import { dbTime, timeFromDb, type Engine } from '../db/engine';
import { eventRow, RECORD_EVENT } from '../records/desk/record-events';
import { escapeHtml, type OutgoingMail } from './compose';
import { queueMail } from './outbox';
import { adminRecordLink } from './site-url';

/** More staff alerts than this in a minute, and the next submissions' alerts wait for a digest. */
export const ALERTS_PER_MINUTE = 10;
/** A digest goes out once its first waiting alert is this old: at most one per 5 minutes. */
export const DIGEST_EVERY_MS = 5 * 60_000;

/** A submission staff are alerted of: what the alert says of it (its copy may hold anything the visitor typed). */
export interface AlertedSubmission {
  kind: RecordKind;
  id: string;
  reference: string;
  name: string;
  /** The sender's address when it is one valid address: the alert's Reply-To. */
  replyTo: string | null;
  createdAt: Date;
  /** The alert's body: what the visitor sent, as text and HTML. */
  copy: { text: string; html: string };
}

/**
 * Whether this submission's alert waits for a digest: a digest is open (an alert waits already),
 * or ALERTS_PER_MINUTE alerts (sent or waiting) were written in the minute before it.
 */
async function burstGoesOn(tx: Transaction, engine: Engine, now: Date): Promise<boolean> {
  const since = dbTime(engine, new Date(now.getTime() - 60_000));
  const rows = await tx.all<{ waiting: string | number; recent: string | number }>(
    `SELECT (SELECT COUNT(*) FROM "staff_digest_items" WHERE "digestedAt" IS NULL) AS "waiting",
  (SELECT COUNT(*) FROM "mail_outbox" WHERE "purpose" = 'staff-alert' AND "createdAt" > ?)
  + (SELECT COUNT(*) FROM "staff_digest_items" WHERE "heldAt" > ?) AS "recent"`,
    [since, since],
  );
  return Number(rows[0].waiting) > 0 || Number(rows[0].recent) >= ALERTS_PER_MINUTE;
}

/**
 * The alert of a new submission to NOTIFY_EMAILS (docs/mail.md#the-mails), in its transaction:
 * the kind, name and reference, a link to it in the admin, and what was sent. In a burst (more
 * than ALERTS_PER_MINUTE a minute) it waits instead for the next digest.
 */
export async function queueStaffAlert(
  tx: Transaction,
  { config, engine }: { config: Config; engine: Engine },
  submission: AlertedSubmission,
): Promise<void> {
  const { kind, id, reference, name, createdAt } = submission;
  if (config.mail.notifyEmails.length === 0) return;
  if (await burstGoesOn(tx, engine, createdAt)) {
    await tx.run(`INSERT INTO "staff_digest_items" ("recordKind", "recordId", "reference", "heldAt") VALUES (?, ?, ?, ?)`, [
      kind,
      id,
      reference,
      dbTime(engine, createdAt),
    ]);
    return;
  }
  const link = adminRecordLink(config, kind, id);
  const title = TITLE_OF[kind][0];
  const alert = `${title} ${reference} from ${name}.`;
  const mail: OutgoingMail = {
    from: config.mail.from,
    to: config.mail.notifyEmails,
    ...(submission.replyTo ? { replyTo: submission.replyTo } : {}),
    subject: `${title} — ${name} (${reference})`,
    text: `${alert}\n\nOpen it in the admin: ${link}\n\n${submission.copy.text}\n`,
    html: `<p>${escapeHtml(alert)}</p><p><a href="${escapeHtml(link)}">Open it in the admin</a></p>${submission.copy.html}`,
  };
  await queueMail(tx, createdAt, 'staff-alert', mail, { kind, id });
}

interface DigestItem {
  recordKind: RecordKind;
  recordId: string;
  reference: string;
  heldAt: Date | string;
}

/**
 * Sends the digest when it is due (called by the outbox worker on each round): once the oldest
 * waiting alert is DIGEST_EVERY_MS old, every waiting alert is claimed by one UPDATE (so of several
 * replicas one sends it) and becomes one mail to NOTIFY_EMAILS listing the submissions by kind,
 * reference and admin link: no names, nothing a visitor typed. Each record's timeline says so.
 * Answers whether a digest was queued.
 */
export async function queueDueDigest(deps: {
  db: Pick<Database, 'engine' | 'transaction'>;
  config: Pick<Config, 'mail' | 'publicUrl' | 'port'>;
  now: () => Date;
}): Promise<boolean> {
  const now = deps.now();
  const { engine } = deps.db;
  return deps.db.transaction(async (tx) => {
    const due = await tx.all<{ first: Date | string | null }>(
      `SELECT MIN("heldAt") AS "first" FROM "staff_digest_items" WHERE "digestedAt" IS NULL`,
    );
    const first = due[0]?.first;
    if (!first || timeFromDb(first).getTime() > now.getTime() - DIGEST_EVERY_MS) return false;
    const items = await tx.all<DigestItem>(
      `UPDATE "staff_digest_items" SET "digestedAt" = ? WHERE "digestedAt" IS NULL
RETURNING "recordKind", "recordId", "reference", "heldAt"`,
      [dbTime(engine, now)],
    );
    // Digested alerts count for the burst one minute more; then they go.
    await tx.run(`DELETE FROM "staff_digest_items" WHERE "digestedAt" IS NOT NULL AND "heldAt" <= ?`, [
      dbTime(engine, new Date(now.getTime() - 60_000)),
    ]);
    if (items.length === 0 || deps.config.mail.notifyEmails.length === 0) return false;
    items.sort((a, b) => timeFromDb(a.heldAt).getTime() - timeFromDb(b.heldAt).getTime());
    const lines = items.map((item) => ({
      text: `${TITLE_OF[item.recordKind][0]} ${item.reference}`,
      link: adminRecordLink(deps.config, item.recordKind, item.recordId),
    }));
    const intro = `${items.length} submissions arrived while more than ${ALERTS_PER_MINUTE} came in a minute, so their alerts are grouped here.`;
    const subject = `Staff digest — ${items.length} new submissions`;
    await queueMail(tx, now, 'staff-digest', {
      from: deps.config.mail.from,
      to: deps.config.mail.notifyEmails,
      subject,
      text: `${intro}\n\n${lines.map((l) => `${l.text}: ${l.link}`).join('\n')}\n`,
      html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>`,
    });
    const details = { purpose: 'staff-digest' as const, to: deps.config.mail.notifyEmails, subject };
    for (const item of items) {
      await tx.insert(RECORD_EVENT, eventRow(item.recordKind, item.recordId, 'mail', null, details, now));
    }
    return true;
  });
}
