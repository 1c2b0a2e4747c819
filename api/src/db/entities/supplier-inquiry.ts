import type { SupplierInquiryRecord } from '@sourcing/shared';
import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../engine';
import type { StoredFile } from './stored-file';
import { SUBMITTER_TEXT_COLUMNS } from './submitter';

/** A supplier's product offer as stored: the admin's record fields, its files' metadata and real dates. */
export type SupplierInquiryRow = Omit<
  SupplierInquiryRecord,
  '_id' | 'attachments' | 'attachmentFiles' | 'createdAt' | 'updatedAt'
> & {
  id: string;
  attachments: StoredFile[];
  createdAt: Date;
  updatedAt: Date;
};

export const SUPPLIER_INQUIRY = 'SupplierInquiry';

export const SUPPLIER_INQUIRY_TEXT_COLUMNS = [
  ...SUBMITTER_TEXT_COLUMNS,
  'productName',
  'productCategory',
  'productDescription',
  'supplyCapacity',
  'unit',
  'minOrderQuantity',
  'pricePerUnit',
  'currency',
  'leadTime',
  'incoterm',
  'originCountry',
  'portOfLoading',
  'exportCapability',
  'exportMarkets',
  'productSpecs',
  'packagingDetails',
  'privateLabeling',
  'paymentTerms',
  'additionalComments',
] as const satisfies readonly (keyof SupplierInquiryRow)[];

export function supplierInquiryEntity(engine: Engine) {
  const types = columnTypes(engine);
  return new EntitySchema<SupplierInquiryRow>({
    name: SUPPLIER_INQUIRY,
    tableName: 'supplier_inquiries',
    columns: {
      id: { type: types.id, primary: true },
      ...Object.fromEntries(SUPPLIER_INQUIRY_TEXT_COLUMNS.map((c) => [c, { type: 'text' as const }])),
      certifications: { type: 'simple-json' },
      attachments: { type: 'simple-json' },
      createdAt: { type: types.timestamp },
      updatedAt: { type: types.timestamp },
    },
  });
}
