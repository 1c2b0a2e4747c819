/**
 * The public forms' spam check as client and server both speak it (docs/forms.md#spam-protection):
 * an ALTCHA proof of work sent in a header with every submission, and a field no person fills in.
 */

/** Carries the widget's payload (base64 JSON of the challenge and its solution). */
export const FORM_PROOF_HEADER = 'X-Altcha';

/** The honeypot: hidden from people and assistive technology, so only a bot fills it in. */
export const HONEYPOT_FIELD = 'website';

/** What a public form sends besides its fields: the widget's payload and the honeypot's value ('' from a person). */
export interface FormProof {
  payload: string;
  honeypot: string;
}

export const SPAM_CHECK_MESSAGES = {
  missing: 'Please wait for the anti-spam check to finish, then send the form again',
  invalid: 'The anti-spam check failed. Please send the form again',
  expired: 'The anti-spam check expired. Please send the form again',
  used: 'This anti-spam check was already used. Please send the form again',
  tooFast: 'The form was sent too quickly. Please check your entries and send it again',
  honeypot: 'The form could not be sent: a field that must stay empty was filled in',
} as const;

export type SpamRefusal = keyof typeof SPAM_CHECK_MESSAGES;
