import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../engine';
import type { StoredFile } from './stored-file';
import { SUBMITTER_TEXT_COLUMNS, type SubmitterFields } from './submitter';

/** A supplier's product offer with SPEC section 3's stored field names. */
export interface SupplierInquiryRow extends SubmitterFields {
  id: string;
  productName: string;
  productCategory: string;
  productDescription: string;
  supplyCapacity: string;
  unit: string;
  minOrderQuantity: string;
  pricePerUnit: string;
  currency: string;
  leadTime: string;
  incoterm: string;
  originCountry: string;
  portOfLoading: string;
  exportCapability: string;
  exportMarkets: string;
  certifications: string[];
  productSpecs: string;
  packagingDetails: string;
  privateLabeling: string;
  paymentTerms: string;
  additionalComments: string;
  attachments: StoredFile[];
  createdAt: Date;
  updatedAt: Date;
}

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
