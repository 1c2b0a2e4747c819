import type { SupplierInquiryRecord } from '@sourcing/shared';
import { SUPPLIER_INQUIRY, type SupplierInquiryRow } from '../../../db/entities/supplier-inquiry';
import type { RecordListDefinition } from '../../../records/list/record-list';
import { SUBMITTER_CSV_COLUMNS, TIMESTAMP_CSV_COLUMNS } from '../submitter-csv-columns';
import { presentSupplierInquiry } from './supplier-inquiry-presenter';

export const supplierInquiryList: RecordListDefinition<SupplierInquiryRow, SupplierInquiryRecord> = {
  name: 'supplierInquiries',
  entity: SUPPLIER_INQUIRY,
  searchColumns: ['fullName', 'companyName', 'email', 'productName', 'productCategory'],
  present: presentSupplierInquiry,
  csvColumns: [
    ...SUBMITTER_CSV_COLUMNS,
    { header: 'Address', cell: (r) => r.address },
    { header: 'Product Name', cell: (r) => r.productName },
    { header: 'Product Category', cell: (r) => r.productCategory },
    { header: 'Product Description', cell: (r) => r.productDescription },
    { header: 'Supply Capacity', cell: (r) => r.supplyCapacity },
    { header: 'Unit', cell: (r) => r.unit },
    { header: 'Min Order Quantity', cell: (r) => r.minOrderQuantity },
    { header: 'Price Per Unit', cell: (r) => r.pricePerUnit },
    { header: 'Currency', cell: (r) => r.currency },
    { header: 'Lead Time', cell: (r) => r.leadTime },
    { header: 'Incoterm', cell: (r) => r.incoterm },
    { header: 'Origin Country', cell: (r) => r.originCountry },
    { header: 'Port Of Loading', cell: (r) => r.portOfLoading },
    { header: 'Export Capability', cell: (r) => r.exportCapability },
    { header: 'Export Markets', cell: (r) => r.exportMarkets },
    { header: 'Certifications', cell: (r) => r.certifications },
    { header: 'Product Specs', cell: (r) => r.productSpecs },
    { header: 'Packaging Details', cell: (r) => r.packagingDetails },
    { header: 'Private Labeling', cell: (r) => r.privateLabeling },
    { header: 'Payment Terms', cell: (r) => r.paymentTerms },
    { header: 'Additional Comments', cell: (r) => r.additionalComments },
    { header: 'Attachments', cell: (r) => r.attachmentFiles.map((f) => f.originalName) },
    ...TIMESTAMP_CSV_COLUMNS,
  ],
};
