import type { InquiryRecord } from '@sourcing/shared';
import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../engine';
import type { StoredFile } from './stored-file';
import { SUBMITTER_TEXT_COLUMNS } from './submitter';

/** A buyer's commodity inquiry as stored: the admin's record fields, its file's metadata and real dates. */
export type InquiryRow = Omit<InquiryRecord, '_id' | 'attachment' | 'attachmentFiles' | 'createdAt' | 'updatedAt'> & {
  id: string;
  attachments: StoredFile[];
  createdAt: Date;
  updatedAt: Date;
};

export const INQUIRY = 'Inquiry';

export const INQUIRY_TEXT_COLUMNS = [
  ...SUBMITTER_TEXT_COLUMNS,
  'addressCountry',
  'userType',
  'otherCommodity',
  'quantity',
  'unit',
  'purity',
  'technicalSpecs',
  'packagingType',
  'packagingSize',
  'specialPackaging',
  'destinationCountry',
  'destinationPort',
  'dispatchMode',
  'customDispatchMode',
  'deliveryTimeline',
  'certifications',
  'regulatoryCompliance',
  'paymentTerms',
  'comments',
] as const satisfies readonly (keyof InquiryRow)[];

export function inquiryEntity(engine: Engine) {
  const types = columnTypes(engine);
  return new EntitySchema<InquiryRow>({
    name: INQUIRY,
    tableName: 'inquiries',
    columns: {
      id: { type: types.id, primary: true },
      ...Object.fromEntries(INQUIRY_TEXT_COLUMNS.map((c) => [c, { type: 'text' as const }])),
      commodities: { type: 'simple-json' },
      attachments: { type: 'simple-json' },
      createdAt: { type: types.timestamp },
      updatedAt: { type: types.timestamp },
    },
  });
}
