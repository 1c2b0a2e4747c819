import { EMAIL_ALONE, INVALID_EMAIL, ONE_EMAIL_ONLY } from '@sourcing/shared';

/**
 * Every way one e-mail field has been made to carry more than one recipient, or a recipient other
 * than the one shown (docs/mail.md#addresses), with the message each is refused with.
 */
export const MULTI_ADDRESS_SHAPES: readonly [shape: string, value: string, message: string][] = [
  ['bare local parts before an address', 'ceo,hr,all-staff,victim@example.com', ONE_EMAIL_ONLY],
  ['two addresses and a comma', 'victim@example.com, ceo@example.com', ONE_EMAIL_ONLY],
  ['two addresses and a semicolon', 'victim@example.com;ceo@example.com', ONE_EMAIL_ONLY],
  ['group syntax', 'staff: ceo@example.com, victim@example.com;', ONE_EMAIL_ONLY],
  ['an empty group', 'undisclosed-recipients:;', ONE_EMAIL_ONLY],
  ['a display name', 'Your bank <victim@example.com>', EMAIL_ALONE],
  ['a quoted display name holding a comma', '"Bank, Security" <victim@example.com>', EMAIL_ALONE],
  ['angle brackets', '<victim@example.com>', EMAIL_ALONE],
  ['a comment holding another address', 'victim@example.com (ceo@example.com)', EMAIL_ALONE],
  ['a quoted local part holding a list', '"ceo,victim"@example.com', INVALID_EMAIL],
  ['a header break', 'victim@example.com\r\nBcc: ceo@example.com', INVALID_EMAIL],
  ['a source route', '@relay.example:victim@example.com', INVALID_EMAIL],
  ['two addresses and a space', 'victim@example.com ceo@example.com', INVALID_EMAIL],
];
