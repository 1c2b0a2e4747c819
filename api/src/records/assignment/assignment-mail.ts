import { RECORD_NOUN_OF, type Assignee, type RecordKind } from '@sourcing/shared';
import type { Config } from '../../config';
import type { Transaction } from '../../db/database';
import { escapeHtml } from '../../mail/compose';
import { queueMail } from '../../mail/outbox';
import { adminRecordLink } from '../../mail/site-url';

/** A record given to a staff member: what the mail names it by. */
export interface GivenRecord {
  id: string;
  reference: string;
  title: string;
}

/**
 * Tells a staff member by e-mail that someone else gave them records (docs/admin.md#assignment), in
 * the change's transaction. One record: its kind, name, reference and a link; the mail belongs to the
 * record (its timeline shows it, erasing the record erases it). Several at once: one mail listing
 * their kind, reference and link, without names (nothing a visitor typed), like the staff digest.
 */
export async function queueAssignmentMail(
  tx: Transaction,
  deps: { config: Pick<Config, 'mail' | 'publicUrl' | 'port'>; now: Date },
  kind: RecordKind,
  to: Assignee,
  given: GivenRecord[],
  by: Assignee,
): Promise<void> {
  const noun = RECORD_NOUN_OF[kind];
  const lines = given.map((record) => ({
    text: `${noun.one[0].toUpperCase()}${noun.one.slice(1)} ${record.reference}`,
    link: adminRecordLink(deps.config, kind, record.id),
  }));
  if (given.length === 1) {
    const [record] = given;
    const intro = `${by.name} assigned you the ${noun.one} ${record.reference} from ${record.title}.`;
    await queueMail(
      tx,
      deps.now,
      'assignment',
      {
        from: deps.config.mail.from,
        to: [to.email],
        subject: `Assigned to you — ${record.title} (${record.reference})`,
        text: `${intro}\n\nOpen it in the admin: ${lines[0].link}\n`,
        html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(lines[0].link)}">Open it in the admin</a></p>`,
      },
      { kind, id: record.id, actor: by },
    );
    return;
  }
  const intro = `${by.name} assigned you ${given.length} ${noun.many}:`;
  await queueMail(tx, deps.now, 'assignment', {
    from: deps.config.mail.from,
    to: [to.email],
    subject: `${given.length} ${noun.many} assigned to you`,
    text: `${intro}\n\n${lines.map((l) => `${l.text}: ${l.link}`).join('\n')}\n`,
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>`,
  });
}
