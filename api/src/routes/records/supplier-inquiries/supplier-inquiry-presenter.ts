import type { RealtimeEvent, SupplierInquiryRecord } from '@sourcing/shared';
import { SUPPLIER_INQUIRY_TEXT_COLUMNS, type SupplierInquiryRow } from '../../../db/entities/supplier-inquiry';
import { presentAttachmentFiles, type LinkSigner } from '../../../records/attachment-files';

export function presentSupplierInquiry(row: SupplierInquiryRow, sign: LinkSigner): SupplierInquiryRecord {
  const texts = Object.fromEntries(SUPPLIER_INQUIRY_TEXT_COLUMNS.map((c) => [c, row[c]])) as Pick<
    SupplierInquiryRecord,
    (typeof SUPPLIER_INQUIRY_TEXT_COLUMNS)[number]
  >;
  return {
    _id: row.id,
    ...texts,
    certifications: row.certifications,
    attachments: row.attachments.map((f) => f.storedName),
    attachmentFiles: presentAttachmentFiles(row.attachments, sign),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function supplierInquiryEvent(row: SupplierInquiryRow): RealtimeEvent {
  return {
    event: 'supplierInquiryUpdated',
    summary: {
      id: row.id,
      kind: 'supplierInquiry',
      displayName: row.fullName,
      detail: row.productName,
      createdAt: row.createdAt.toISOString(),
    },
  };
}
