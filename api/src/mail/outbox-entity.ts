import type { MailPurpose, RecordKind } from '@sourcing/shared';
import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../db/engine';

/**
 * pending: due at nextAttemptAt; sent: accepted by SMTP; filed: written to DATA_DIR/mail (no SMTP_URL);
 * failed: gave up; withheld: never sent, as a recipient is not one address or is blocked (docs/mail.md#addresses).
 */
export type OutboxState = 'pending' | 'sent' | 'filed' | 'failed' | 'withheld';

/** One mail, built once when queued: `message` is the complete RFC 5322 text the worker sends as is. */
export interface OutboxRow {
  id: string;
  purpose: MailPurpose;
  recordKind: RecordKind | null;
  recordId: string | null;
  sender: string;
  /** JSON list of envelope recipients. */
  recipients: string[];
  subject: string;
  message: string;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: Date;
  leaseUntil: Date | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
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
      message: { type: 'text' },
      state: { type: 'text' },
      attempts: { type: 'integer' },
      nextAttemptAt: { type: types.timestamp },
      leaseUntil: { type: types.timestamp, nullable: true },
      lastError: { type: 'text', nullable: true },
      createdAt: { type: types.timestamp },
      deliveredAt: { type: types.timestamp, nullable: true },
    },
  });
}
