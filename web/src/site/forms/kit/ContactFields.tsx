import { TextField, PhoneField } from './fields';
import type { BoundField } from './useFormState';

type ContactField = 'fullName' | 'companyName' | 'designation' | 'gstNumber' | 'phoneNumber' | 'callingCountry' | 'email';

/** Who is asking, the same six fields opening both forms (the address differs, so it stays with each form). */
export function ContactFields({
  bind,
  designationLabel,
}: {
  bind: (name: ContactField) => BoundField;
  designationLabel: string;
}) {
  return (
    <>
      <TextField {...bind('fullName')} label="Full Name" required autoComplete="name" />
      <TextField {...bind('companyName')} label="Company Name" required autoComplete="organization" />
      <TextField {...bind('designation')} label={designationLabel} autoComplete="organization-title" />
      <TextField {...bind('gstNumber')} label="GST / VAT Number" />
      <PhoneField number={bind('phoneNumber')} callingCountry={bind('callingCountry')} label="Phone" required />
      <TextField {...bind('email')} label="Email" required type="email" inputMode="email" autoComplete="email" />
    </>
  );
}
