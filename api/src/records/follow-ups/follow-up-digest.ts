import { RECORD_NOUN_OF, SPAM_STATUS, type RecordKind } from '@sourcing/shared';
import { In } from 'typeorm';
import type { AppDeps } from '../../app-deps';
import { AdminEntity } from '../../auth/schema';
import type { Transaction } from '../../db/database';
import { dbTime, timeFromDb } from '../../db/engine';
import { escapeHtml } from '../../mail/compose';
import { queueMail } from '../../mail/outbox';
import { adminRecordLink } from '../../mail/site-url';
import { WORKED_KINDS } from '../assignment/automatic-assignment';
import { localDayOf, localHourOf, localTimeText } from './local-day';

export type DigestDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

/** The digest goes out at or after this hour of the day in TIME_ZONE. */
const DIGEST_HOUR = 7;

/** Its row in `job_runs`. */
const DIGEST_JOB = 'follow-up-digest';

/** A follow-up due today, and whose it is. */
interface DueFollowUp {
  kind: RecordKind;
  id: string;
  reference: string;
  title: string;
  note: string | null;
  at: Date;
  ownerId: string;
}

/**
 * Whether this process sends today's digest: it is DIGEST_HOUR or later in TIME_ZONE, and no run
 * (of any replica) was since today's DIGEST_HOUR. One conditional write on `job_runs` in the
 * digest's own transaction: of several replicas asking at once exactly one gets it, and a digest
 * that fails to be queued leaves the day unclaimed.
 */
async function claimToday(tx: Transaction, deps: DigestDeps, now: Date): Promise<boolean> {
  const from = localHourOf(now, deps.config.timeZone, DIGEST_HOUR);
  if (now < from) return false;
  const { engine } = deps.db;
  const rows = await tx.all<{ name: string }>(
    `INSERT INTO "job_runs" ("name", "lastRunAt") VALUES (?, ?)
ON CONFLICT ("name") DO UPDATE SET "lastRunAt" = excluded."lastRunAt" WHERE "job_runs"."lastRunAt" < ?
RETURNING "name"`,
    [DIGEST_JOB, dbTime(engine, now), dbTime(engine, from)],
  );
  return rows.length === 1;
}

/** Every owned follow-up due on the day from `start` to `end` (not Spam), earliest first. */
async function dueOn(tx: Transaction, deps: DigestDeps, start: Date, end: Date): Promise<DueFollowUp[]> {
  const { engine } = deps.db;
  const due: DueFollowUp[] = [];
  for (const kind of WORKED_KINDS) {
    const rows = await tx.all<{
      id: string;
      reference: string;
      title: string;
      note: string | null;
      at: Date | string;
      ownerId: string;
    }>(
      `SELECT "id", "reference", "${kind.definition.title}" AS "title", "followUpNote" AS "note", "followUpAt" AS "at", "ownerId"
FROM "${kind.table}" WHERE "followUpAt" >= ? AND "followUpAt" < ? AND "ownerId" IS NOT NULL AND "status" <> ?`,
      [dbTime(engine, start), dbTime(engine, end), SPAM_STATUS],
    );
    due.push(...rows.map((row) => ({ ...row, id: String(row.id), kind: kind.definition.kind, at: timeFromDb(row.at) })));
  }
  return due.sort((a, b) => a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference));
}

/**
 * One staff member's digest: subject `Your follow-ups today — <n>`, a line per follow-up with its
 * time, kind and reference and a link to it in the admin. A digest of one follow-up also names
 * the record and its note, and belongs to the record (its timeline shows it, erasing the record
 * erases it); a digest of several names nothing a visitor typed or a note may hold, like the bulk
 * assignment notice, since it belongs to no one record and would outlive their erasure.
 */
async function queueDigest(tx: Transaction, deps: DigestDeps, now: Date, to: string, due: DueFollowUp[]): Promise<void> {
  const { timeZone } = deps.config;
  const one = due.length === 1 ? due[0] : null;
  const lines = due.map((followUp) => {
    const noun = RECORD_NOUN_OF[followUp.kind].one;
    const named = one ? ` from ${followUp.title}${followUp.note ? `: ${followUp.note}` : ''}` : '';
    return {
      text: `${localTimeText(followUp.at, timeZone)} ${noun[0].toUpperCase()}${noun.slice(1)} ${followUp.reference}${named}`,
      link: adminRecordLink(deps.config, followUp.kind, followUp.id),
    };
  });
  const intro = `Your follow-ups today, times in ${timeZone}:`;
  await queueMail(
    tx,
    now,
    'follow-up-digest',
    {
      from: deps.config.mail.from,
      to: [to],
      subject: `Your follow-ups today — ${due.length}`,
      text: `${intro}\n\n${lines.map((l) => `${l.text}\n${l.link}`).join('\n\n')}\n`,
      html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>`,
    },
    one ? { kind: one.kind, id: one.id } : null,
  );
}

/**
 * The daily follow-up digest (docs/api.md#follow-ups-and-snooze): once a day, at or after
 * DIGEST_HOUR in TIME_ZONE, one mail to each enabled staff member owning follow-ups due that day.
 * Answers how many mails were queued, or null when it is not time yet or the day's run was taken.
 */
export async function sendFollowUpDigests(deps: DigestDeps): Promise<number | null> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await claimToday(tx, deps, now))) return null;
    const { start, end } = localDayOf(now, deps.config.timeZone);
    const due = await dueOn(tx, deps, start, end);
    const owners = await tx.manager.getRepository(AdminEntity).find({
      select: { id: true, email: true, disabledAt: true },
      where: { id: In([...new Set(due.map((d) => d.ownerId))]) },
    });
    let queued = 0;
    for (const owner of owners.sort((a, b) => (a.id < b.id ? -1 : 1))) {
      if (owner.disabledAt !== null) continue;
      await queueDigest(
        tx,
        deps,
        now,
        owner.email,
        due.filter((d) => d.ownerId === owner.id),
      );
      queued += 1;
    }
    return queued;
  });
}
