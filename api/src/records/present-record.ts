import type { RealtimeEvent, RecordDefinition, RecordOf } from '@sourcing/shared';
import { presentAttachmentFiles, type LinkSigner } from './attachment-files';
import type { AnyRow, RecordKind, RowOf } from './record-kind';

export type Presenter<D extends RecordDefinition> = (row: RowOf<D>, sign: LinkSigner) => RecordOf<D>;

/**
 * A kind's presenter: the record the admin list, the detail, the CSV export and realtime read.
 * The field lists are sorted once, so presenting a row is a few property copies.
 */
export function createPresenter<D extends RecordDefinition>(kind: RecordKind<D>): Presenter<D> {
  const fields = kind.definition.fields;
  const values = fields.filter((f) => f.kind !== 'files' && f.kind !== 'date').map((f) => f.key);
  const dates = fields.filter((f) => f.kind === 'date').map((f) => f.key);
  const files = fields.find((f) => f.kind === 'files');
  const desk = kind.definition.statuses !== null;
  return (row, sign) => {
    const source = row as unknown as AnyRow;
    const record: Record<string, unknown> = { _id: source.id };
    for (const key of values) record[key] = source[key];
    if (files) {
      const stored = source.attachments ?? [];
      record[files.key] = files.maxFiles === 1 ? (stored[0]?.storedName ?? null) : stored.map((f) => f.storedName);
      record.attachmentFiles = presentAttachmentFiles(stored, sign);
    }
    for (const key of dates) record[key] = (source[key] as Date).toISOString();
    if (desk) {
      Object.assign(record, {
        status: source.status,
        ownerId: source.ownerId ?? null,
        version: source.version,
        followUpAt: source.followUpAt?.toISOString() ?? null,
        followUpNote: source.followUpNote ?? null,
        snoozedUntil: source.snoozedUntil?.toISOString() ?? null,
        firstResponseAt: source.firstResponseAt?.toISOString() ?? null,
        firstResponderId: source.firstResponderId ?? null,
        responseDueAt: source.responseDueAt?.toISOString() ?? null,
        outcomeReason: source.outcomeReason ?? null,
        source: source.source ?? 'form',
        sourcePartner: source.sourcePartner ?? null,
      });
    }
    return record as RecordOf<D>;
  };
}

/** The realtime event announcing a new record: a summary fit for a desktop notification. */
export function recordEvent(kind: RecordKind, row: AnyRow): RealtimeEvent {
  const { definition } = kind;
  return {
    event: definition.event,
    summary: {
      id: row.id,
      kind: definition.kind,
      displayName: String(row[definition.title]),
      ...(definition.detail ? { detail: String(row[definition.detail]) } : {}),
      createdAt: row.createdAt.toISOString(),
    },
  };
}
