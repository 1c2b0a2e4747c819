/**
 * The filters of an admin list and its CSV export (docs/admin.md#filters), derived from a kind's
 * definition: one per field with a `filter`, the owner on a worked kind, "has attachment" on a
 * kind with files, and the received-at range on every kind. The API checks its query with this
 * schema and the admin reads its URL with it.
 */
import { z } from 'zod';
import { INVALID_CHARACTERS, isStorableText } from '../schemas/common';
import { filesField, type FieldDefinition, type FieldFilter, type RecordDefinition } from './record-definition';

/** `owner` values besides a staff id: the signed-in admin, or nobody. */
export const OWNER_MINE = 'mine';
export const OWNER_UNASSIGNED = 'unassigned';
export const HAS_ATTACHMENT = ['yes', 'no'] as const;

/** The filters a list's query carries, by parameter name; every value a text. */
export type ListFilters = Partial<Record<string, string>>;

export type FilteredField = FieldDefinition & { filter: FieldFilter };

/** The fields a kind's list filters by, in the definition's order. */
export const filteredFields = (definition: RecordDefinition): FilteredField[] =>
  definition.fields.filter((f): f is FilteredField => f.filter !== undefined);

const STAFF_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A day (YYYY-MM-DD) as its first instant in UTC, or null when it is no calendar day. */
function utcDay(text: string): Date | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
}

/** Years both databases store alike. */
const storable = (date: Date) => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999;

/**
 * A bound of the received-at range as an instant: a day (YYYY-MM-DD, UTC) or an ISO date-time.
 * `to` takes the whole of its day: a day `to` ends at the day's last millisecond.
 */
export function rangeBound(text: string, end: 'from' | 'to'): Date | null {
  const day = utcDay(text);
  if (day) return end === 'to' ? new Date(day.getTime() + DAY_MS - 1) : day;
  if (!DATE_TIME.test(text)) return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) || !storable(time) ? null : time;
}

const blankAsUndefined = (v: unknown) => (v === '' || Array.isArray(v) ? undefined : v);
const optional = (schema: z.ZodType) => z.preprocess(blankAsUndefined, schema.optional());

function fieldSchema(field: FilteredField): z.ZodType {
  if (field.filter.by === 'matches') {
    return z.string().trim().max(200, `${field.label} must be at most 200 characters`).refine(isStorableText, INVALID_CHARACTERS);
  }
  return z.enum(field.filter.options as [string, ...string[]], { error: `Unknown ${field.label.toLowerCase()}` });
}

const rangeSchema = (end: 'from' | 'to') =>
  z.string().refine((v) => rangeBound(v, end) !== null, `${end} must be a day (YYYY-MM-DD) or an ISO date-time`);

/** The filter parameters of a kind's list, each optional (blank means absent). */
export function listFiltersShape(definition: RecordDefinition): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of filteredFields(definition)) shape[field.key] = optional(fieldSchema(field));
  if (definition.statuses) {
    shape.owner = optional(
      z
        .string()
        .refine(
          (v) => v === OWNER_MINE || v === OWNER_UNASSIGNED || STAFF_ID.test(v),
          `owner must be ${OWNER_MINE}, ${OWNER_UNASSIGNED} or a staff id`,
        ),
    );
  }
  if (filesField(definition)) {
    shape.hasAttachment = optional(z.enum(HAS_ATTACHMENT, { error: 'hasAttachment must be yes or no' }));
  }
  shape.from = optional(rangeSchema('from'));
  shape.to = optional(rangeSchema('to'));
  return shape;
}

/**
 * `snoozed` of a worked list (docs/api.md#follow-ups-and-snooze): without it the records snoozed
 * until later are left out; `include` lists them too, `only` lists nothing else.
 */
export const SNOOZED_FILTER = ['include', 'only'] as const;
export type SnoozedFilter = (typeof SNOOZED_FILTER)[number];

/** `followUp` of a worked list: the records to follow up today (in the server's TIME_ZONE), or those overdue. */
export const FOLLOW_UP_FILTER = ['today', 'overdue'] as const;
export type FollowUpFilter = (typeof FOLLOW_UP_FILTER)[number];

/**
 * `response` of a worked list (docs/admin.md#response-targets): `at-risk`, its unanswered open
 * records due within the warning time or already missed.
 */
export const RESPONSE_FILTER = ['at-risk'] as const;
export type ResponseFilter = (typeof RESPONSE_FILTER)[number];

/**
 * The follow-up views' parameters of a worked list, `snoozed`, `followUp` and `response` (none on other kinds):
 * parameters of the list's query like the filters, not controls of its filter bar.
 */
export function followUpFiltersShape(definition: Pick<RecordDefinition, 'statuses'>): Record<string, z.ZodType> {
  if (!definition.statuses) return {};
  return {
    snoozed: optional(z.enum(SNOOZED_FILTER, { error: 'snoozed must be include or only' })),
    followUp: optional(z.enum(FOLLOW_UP_FILTER, { error: 'followUp must be today or overdue' })),
    response: optional(z.enum(RESPONSE_FILTER, { error: 'response must be at-risk' })),
  };
}

/** The parameter names of a kind's filters, in the filter bar's order. */
export const filterParamsOf = (definition: RecordDefinition): string[] => Object.keys(listFiltersShape(definition));

/** Adds the one check across parameters: the range does not end before it starts. */
export function checkRange(filters: ListFilters, ctx: z.RefinementCtx): void {
  const from = filters.from ? rangeBound(filters.from, 'from') : null;
  const to = filters.to ? rangeBound(filters.to, 'to') : null;
  if (from && to && from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
}

/** The checked filters of a kind's list (400 with the parameter when malformed). */
export const listFiltersSchema = (definition: RecordDefinition) =>
  z.object(listFiltersShape(definition)).superRefine((filters, ctx) => checkRange(filters as ListFilters, ctx));

/** The filters a URL (or any query) holds: each parameter that passes its check; the others are left out. */
export function readFilters(definition: RecordDefinition, params: URLSearchParams): ListFilters {
  const filters: ListFilters = {};
  for (const [key, schema] of Object.entries(listFiltersShape(definition))) {
    const parsed = schema.safeParse(params.get(key) ?? undefined);
    if (parsed.success && typeof parsed.data === 'string') filters[key] = parsed.data;
  }
  return filters;
}
