import type { InquiryRecord, RealtimeEvent } from '@sourcing/shared';
import { INQUIRY_TEXT_COLUMNS, type InquiryRow } from '../../../db/entities/inquiry';
import { presentAttachmentFiles, type LinkSigner } from '../../../records/attachment-files';

export function presentInquiry(row: InquiryRow, sign: LinkSigner): InquiryRecord {
  const texts = Object.fromEntries(INQUIRY_TEXT_COLUMNS.map((c) => [c, row[c]])) as Pick<
    InquiryRecord,
    (typeof INQUIRY_TEXT_COLUMNS)[number]
  >;
  return {
    _id: row.id,
    ...texts,
    commodities: row.commodities,
    attachment: row.attachments[0]?.storedName ?? null,
    attachmentFiles: presentAttachmentFiles(row.attachments, sign),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function inquiryEvent(row: InquiryRow): RealtimeEvent {
  return {
    event: 'inquiryUpdated',
    summary: {
      id: row.id,
      kind: 'inquiry',
      displayName: row.fullName,
      detail: row.companyName,
      createdAt: row.createdAt.toISOString(),
    },
  };
}
