/** Who sent a buyer inquiry or a supplier offer: the same first fields on both forms. */
export interface SubmitterFields {
  fullName: string;
  companyName: string;
  designation: string;
  gstNumber: string;
  phoneNumber: string;
  email: string;
  address: string;
}

export const SUBMITTER_TEXT_COLUMNS = [
  'fullName',
  'companyName',
  'designation',
  'gstNumber',
  'phoneNumber',
  'email',
  'address',
] as const satisfies readonly (keyof SubmitterFields)[];
