import { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { parseEmailAddress } from '../email-address';

// zod probes for `new Function` to compile faster parsers; the site's CSP forbids eval, and the
// browser reports even the caught probe as a violation. These schemas are small: no compiling.
z.config({ jitless: true });

export const INVALID_CHARACTERS = 'Contains characters that are not allowed';

/**
 * Control characters other than tab and line breaks (PostgreSQL cannot store NUL at all) and
 * UTF-16 halves without their other half: never typed by a person, refused alike everywhere.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when every character of `text` can be stored and shown as typed. */
export const isStorableText = (text: string) => !CONTROL_CHARACTER.test(text) && !UNPAIRED_SURROGATE.test(text);

/** A string of at most `max` characters that both databases store alike: the base of every text field. */
export const storableText = (max: number, params?: Parameters<typeof z.string>[0]) =>
  z.string(params).max(max, `Must be at most ${max} characters`).refine(isStorableText, INVALID_CHARACTERS);

const trimmedOrEmpty = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v);

/** Coerces missing values to '' and trims, so "required" means "non-blank after trimming". */
export const trimmed = (max: number = MAX_LENGTH.short) => z.preprocess(trimmedOrEmpty, storableText(max));

/** A trimmed, required text with its exact message (docs/forms.md#validation). */
export const requiredText = (message: string, max: number = MAX_LENGTH.short) =>
  z.preprocess(trimmedOrEmpty, storableText(max, { error: message }).min(1, message));

export const optionalText = (max: number = MAX_LENGTH.short) => trimmed(max);

/**
 * A required e-mail field: exactly one address, parsed (not matched by a pattern) and answered
 * normalised, with the messages of email-address.ts (docs/mail.md#addresses).
 */
export const requiredEmail = (message = 'Email is required') =>
  requiredText(message, MAX_LENGTH.email).transform((value, ctx) => {
    const parsed = parseEmailAddress(value);
    if (parsed.ok) return parsed.address;
    ctx.addIssue({ code: 'custom', message: parsed.message, input: value });
    return z.NEVER;
  });

/** Field name -> first message, the shape of `fields` in API errors and of the forms' error maps. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors };

/** Runs a schema and answers either the parsed value or the per-field messages. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, fields: fieldErrorsOf(result.error) };
}

export const REQUIRED_FIELDS_TOAST = 'Please fill all required fields';
