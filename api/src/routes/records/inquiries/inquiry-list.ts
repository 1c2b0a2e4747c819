import { splitAddress, type InquiryRecord } from '@sourcing/shared';
import { INQUIRY, type InquiryRow } from '../../../db/entities/inquiry';
import type { RecordListDefinition } from '../../../records/list/record-list';
import { SUBMITTER_CSV_COLUMNS, TIMESTAMP_CSV_COLUMNS } from '../submitter-csv-columns';
import { presentInquiry } from './inquiry-presenter';

export const inquiryList: RecordListDefinition<InquiryRow, InquiryRecord> = {
  name: 'inquiries',
  entity: INQUIRY,
  searchColumns: ['fullName', 'companyName', 'email', 'commodities', 'otherCommodity'],
  present: presentInquiry,
  csvColumns: [
    ...SUBMITTER_CSV_COLUMNS,
    // One address text (stored as address and addressCountry): its street part and country once each.
    { header: 'Address', cell: (r) => splitAddress(r.address).address },
    { header: 'Country', cell: (r) => splitAddress(r.address).country },
    { header: 'User Type', cell: (r) => r.userType },
    { header: 'Commodities', cell: (r) => r.commodities },
    { header: 'Other Commodity', cell: (r) => r.otherCommodity },
    { header: 'Quantity', cell: (r) => r.quantity },
    { header: 'Unit', cell: (r) => r.unit },
    { header: 'Purity', cell: (r) => r.purity },
    { header: 'Technical Specs', cell: (r) => r.technicalSpecs },
    { header: 'Packaging Type', cell: (r) => r.packagingType },
    { header: 'Packaging Size', cell: (r) => r.packagingSize },
    { header: 'Special Packaging', cell: (r) => r.specialPackaging },
    { header: 'Destination Country', cell: (r) => r.destinationCountry },
    { header: 'Destination Port', cell: (r) => r.destinationPort },
    { header: 'Dispatch Mode', cell: (r) => r.dispatchMode },
    { header: 'Custom Dispatch Mode', cell: (r) => r.customDispatchMode },
    { header: 'Delivery Timeline', cell: (r) => r.deliveryTimeline },
    { header: 'Certifications', cell: (r) => r.certifications },
    { header: 'Regulatory Compliance', cell: (r) => r.regulatoryCompliance },
    { header: 'Payment Terms', cell: (r) => r.paymentTerms },
    { header: 'Comments', cell: (r) => r.comments },
    { header: 'Attachment', cell: (r) => r.attachmentFiles.map((f) => f.originalName) },
    ...TIMESTAMP_CSV_COLUMNS,
  ],
};
