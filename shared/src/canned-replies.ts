/** Canned replies (docs/admin.md#canned-replies): texts owners keep for the replies staff write again and again. */
import { z } from 'zod';
import { MAX_LENGTH, OTHERS } from './constants';
import type { RecordDefinition } from './records/record-definition';
import { requiredText } from './schemas/common';

export interface CannedReply {
  id: string;
  title: string;
  body: string;
  updatedAt: string;
}

/** POST / PUT <adminCannedReplies>[/:id] (owners). */
export const cannedReplySchema = z.object({
  title: requiredText('Title is required', 100),
  body: requiredText('Text is required', MAX_LENGTH.long),
});
export type CannedReplyInput = z.input<typeof cannedReplySchema>;

/** What a canned reply may say of the record it answers: `{{name}}`, `{{reference}}`, `{{commodity}}`. */
export const PLACEHOLDERS = ['name', 'reference', 'commodity'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/**
 * The placeholders' values for a record: its title field, its reference, and what it is about (its
 * `commodity` field, if any, with the typed text in place of 'Others').
 */
export function placeholderValues(definition: RecordDefinition, record: Record<string, unknown>): Record<Placeholder, string> {
  const other = text(record, definition.otherCommodity);
  const commodity = (value: string) => (value === OTHERS && other ? other : value);
  const reference = definition.fields.find((f) => f.kind === 'reference');
  return {
    name: text(record, definition.title),
    reference: text(record, reference?.key),
    commodity: text(record, definition.commodity, commodity),
  };
}

/** A field's value as text: a list's items joined with commas (each through `item`), '' when absent. */
function text(record: Record<string, unknown>, key: string | undefined, item = (value: string) => value): string {
  const value = key ? record[key] : undefined;
  if (Array.isArray(value)) return (value as string[]).filter(Boolean).map(item).join(', ');
  return typeof value === 'string' ? item(value) : '';
}

/** The text with each known `{{ placeholder }}` filled in; an unknown one is left as written, for staff to see. */
export function fillPlaceholders(text: string, values: Record<Placeholder, string>): string {
  return text.replace(/\{\{\s*([a-z]+)\s*\}\}/gi, (whole, name: string) => {
    const key = name.toLowerCase() as Placeholder;
    return PLACEHOLDERS.includes(key) ? values[key] : whole;
  });
}
