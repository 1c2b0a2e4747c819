import { MAX_LENGTH } from '../constants';
import { optionalText, requiredEmail, requiredText } from '../schemas/common';

/**
 * Who sent a buyer inquiry or a supplier offer: the same first fields on both forms. The address
 * is submitted as `addressField` (the buyer form sends it as addressCountry).
 */
export const submitterFields = <const W extends string>(
  addressField: W,
  sample: { fullName: string; companyName: string; email: string; address: string },
  showAddress?: (address: string) => string,
) =>
  [
    {
      key: 'fullName',
      label: 'Full Name',
      kind: 'text',
      input: requiredText('Full Name is required'),
      sample: sample.fullName,
    },
    {
      key: 'companyName',
      label: 'Company Name',
      kind: 'text',
      input: requiredText('Company Name is required'),
      sample: sample.companyName,
    },
    { key: 'designation', label: 'Designation', kind: 'text', input: optionalText(), sample: 'Head of procurement' },
    { key: 'gstNumber', label: 'GST Number', kind: 'text', input: optionalText(60), sample: '27AAAAA0000A1Z5' },
    {
      key: 'phoneNumber',
      label: 'Phone Number',
      kind: 'text',
      input: requiredText('Phone Number is required', 40),
      sample: '+91 9876543210',
    },
    { key: 'email', label: 'Email', kind: 'text', input: requiredEmail(), sample: sample.email },
    {
      key: 'address',
      label: 'Address',
      kind: 'longText',
      wire: addressField,
      input: optionalText(MAX_LENGTH.medium),
      sample: sample.address,
      display: showAddress,
    },
  ] as const;

/** The last fields of both inquiry kinds: set by the server. */
export const TIMESTAMP_FIELDS = [
  { key: 'createdAt', label: 'Created At', kind: 'date' },
  { key: 'updatedAt', label: 'Updated At', kind: 'date' },
] as const;
