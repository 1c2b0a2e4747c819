import { validate, type FieldErrors } from '@sourcing/shared';
import type { z } from 'zod';
import { HttpError } from './errors';

export const INVALID_SUBMISSION = 'Please fill all required fields';

/** Validates with a shared schema or throws 400 `{ error, fields }`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message = INVALID_SUBMISSION): z.output<S> {
  const result = validate(schema, input ?? {});
  if (!result.ok) throw new HttpError(400, describe(result.fields, message), result.fields);
  return result.value;
}

/** 'Please fill all required fields' when something is missing, else the first specific message. */
function describe(fields: FieldErrors, fallback: string): string {
  const messages = Object.values(fields);
  return messages.some((m) => / is required$|^Select at least|^Specify /.test(m)) ? fallback : messages[0] ?? fallback;
}
