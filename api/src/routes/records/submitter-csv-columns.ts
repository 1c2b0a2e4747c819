import type { CsvColumn } from '../../records/list/csv';
import type { SubmitterFields } from '../../db/entities/submitter';

/** The first CSV columns of both inquiry lists, with SPEC's headers (the address follows in each). */
export const SUBMITTER_CSV_COLUMNS: CsvColumn<SubmitterFields>[] = [
  { header: 'Full Name', cell: (r) => r.fullName },
  { header: 'Company Name', cell: (r) => r.companyName },
  { header: 'Designation', cell: (r) => r.designation },
  { header: 'GST Number', cell: (r) => r.gstNumber },
  { header: 'Phone Number', cell: (r) => r.phoneNumber },
  { header: 'Email', cell: (r) => r.email },
];

/** The last CSV columns of both inquiry lists. */
export const TIMESTAMP_CSV_COLUMNS: CsvColumn<{ createdAt: string; updatedAt: string }>[] = [
  { header: 'Created At', cell: (r) => r.createdAt },
  { header: 'Updated At', cell: (r) => r.updatedAt },
];
