import type { MailPurpose, RecordKind } from '@sourcing/shared';
import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../db/engine';
import type { MailContent } from './compose';

/**
 * pending: due at nextAttemptAt; sent: accepted by SMTP; filed: written to DATA_DIR/mail (no SMTP_URL);
 * failed: gave up; withheld: never sent, as a recipient is not one address or is blocked (docs/mail.md#addresses).
 */
export type OutboxState = 'pending' | 'sent' | 'filed' | 'failed' | 'withheld';

/**
 * One mail: what to say (`content`: the words and header fields), to whom and about which record,
 * and its Message-ID, drawn when queued. The worker writes the MIME when it sends it (compose.ts).
 */
export interface OutboxRow {
  id: string;
  purpose: MailPurpose;
  recordKind: RecordKind | null;
  recordId: string | null;
  sender: string;
  /** JSON list of envelope recipients. */
  recipients: string[];
  subject: string;
  content: MailContent;
  /** `<uuid@MAIL_FROM's domain>`; null only for a mail queued before Message-IDs were stored whose MIME had none. */
  messageId: string | null;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: Date;
  leaseUntil: Date | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  /** A delivery report came back for it (docs/mail.md#bounces), and why. */
  bouncedAt: Date | null;
  bounceReason: string | null;
}

export const OUTBOX = 'OutboxMail';

export function outboxEntity(engine: Engine) {
  const types = columnTypes(engine);
  return new EntitySchema<OutboxRow>({
    name: OUTBOX,
    tableName: 'mail_outbox',
    columns: {
      id: { type: types.id, primary: true },
      purpose: { type: 'text' },
      recordKind: { type: 'text', nullable: true },
      recordId: { type: types.id, nullable: true },
      sender: { type: 'text' },
      recipients: { type: 'simple-json' },
      subject: { type: 'text' },
      content: { type: 'simple-json' },
      messageId: { type: 'text', nullable: true },
      state: { type: 'text' },
      attempts: { type: 'integer' },
      nextAttemptAt: { type: types.timestamp },
      leaseUntil: { type: types.timestamp, nullable: true },
      lastError: { type: 'text', nullable: true },
      createdAt: { type: types.timestamp },
      deliveredAt: { type: types.timestamp, nullable: true },
      bouncedAt: { type: types.timestamp, nullable: true },
      bounceReason: { type: 'text', nullable: true },
    },
  });
}
