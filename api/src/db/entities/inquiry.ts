import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../engine';
import type { StoredFile } from './stored-file';
import { SUBMITTER_TEXT_COLUMNS, type SubmitterFields } from './submitter';

/** A buyer's commodity inquiry with SPEC section 3's stored field names. */
export interface InquiryRow extends SubmitterFields {
  id: string;
  addressCountry: string;
  userType: string;
  commodities: string[];
  otherCommodity: string;
  quantity: string;
  unit: string;
  purity: string;
  technicalSpecs: string;
  packagingType: string;
  packagingSize: string;
  specialPackaging: string;
  destinationCountry: string;
  destinationPort: string;
  dispatchMode: string;
  customDispatchMode: string;
  deliveryTimeline: string;
  certifications: string;
  regulatoryCompliance: string;
  paymentTerms: string;
  comments: string;
  /** At most one file (the `attachment` of SPEC). */
  attachments: StoredFile[];
  createdAt: Date;
  updatedAt: Date;
}

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
