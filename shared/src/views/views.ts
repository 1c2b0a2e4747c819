/**
 * Saved views and column choices (docs/admin.md#saved-views): what a staff member keeps of a
 * list on the server, so every browser and the desktop app start from it (docs/api.md#saved-views).
 */
import { z } from 'zod';
import { ADMIN_LISTS, type AdminListName } from '../api-paths';
import type { Assignee } from '../desk';
import type { RecordDefinition } from '../records/record-definition';
import { filterParamsOf, followUpFiltersShape } from '../records/record-filters';
import { isStorableText, INVALID_CHARACTERS } from '../schemas/common';

/** A list's URL parameters a view keeps (viewParamKeysOf). */
export type ViewParams = Record<string, string>;

/**
 * The list parameters a view keeps (docs/admin.md#saved-views): its search, status tab, sort and
 * filters, and on a worked list its follow-up views' `followUp` and `snoozed`; never a page's
 * `limit` or `cursor`. The server checks a view against them and the admin saves them.
 */
export const viewParamKeysOf = (definition: RecordDefinition): string[] => [
  'q',
  'status',
  'sort',
  ...filterParamsOf(definition),
  ...Object.keys(followUpFiltersShape(definition)),
];

export interface SavedView {
  id: string;
  list: AdminListName;
  name: string;
  params: ViewParams;
  /** The column keys the view hides (list-columns.ts). */
  hiddenColumns: string[];
  /** Shown to every staff member, not only its owner. */
  shared: boolean;
  /** Who saved it (named as staff are everywhere: display name, else e-mail); only they change or delete it. */
  owner: Assignee;
  updatedAt: string;
}

/** Each list's hidden column keys for the signed-in staff member (lists without a choice are left out). */
export type ColumnChoices = Partial<Record<AdminListName, string[]>>;

export const VIEW_NAME_MAX = 60;
const VIEW_PARAMS_MAX = 30;
const COLUMNS_MAX = 100;

export const VIEW_MESSAGES = {
  nameTaken: 'You already have a view of this list with this name',
  notFound: 'No such view',
  notOwner: 'Only the staff member who saved a view changes it',
  params: "params must be the list's own query parameters",
  columns: "hiddenColumns must be the list's column keys, its first column shown",
} as const;

const listNames = Object.keys(ADMIN_LISTS) as [AdminListName, ...AdminListName[]];
const listField = z.enum(listNames, { error: `list must be one of ${listNames.join(', ')}` });
const nameField = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(VIEW_NAME_MAX, `name must be at most ${VIEW_NAME_MAX} characters`)
  .refine(isStorableText, INVALID_CHARACTERS);
const hiddenColumnsField = z.array(z.string().max(100), { error: VIEW_MESSAGES.columns }).max(COLUMNS_MAX, VIEW_MESSAGES.columns);
const paramsField = z
  .record(z.string().max(100), z.string().max(200).refine(isStorableText, INVALID_CHARACTERS), { error: VIEW_MESSAGES.params })
  .refine((params) => Object.keys(params).length <= VIEW_PARAMS_MAX, VIEW_MESSAGES.params);
const sharedField = z.boolean({ error: 'shared must be true or false' });

export const createViewSchema = z.object({
  list: listField,
  name: nameField,
  params: paramsField,
  hiddenColumns: hiddenColumnsField,
  shared: sharedField.default(false),
});
export type CreateViewInput = z.output<typeof createViewSchema>;
/** What the admin sends to save a view (`shared` defaults to false). */
export type CreateViewRequest = z.input<typeof createViewSchema>;

export const updateViewSchema = z
  .object({
    name: nameField.optional(),
    params: paramsField.optional(),
    hiddenColumns: hiddenColumnsField.optional(),
    shared: sharedField.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), 'Give a name, params, hiddenColumns or shared');
export type UpdateViewInput = z.output<typeof updateViewSchema>;

export const columnChoiceSchema = z.object({ hiddenColumns: hiddenColumnsField });
export type ColumnChoiceInput = z.output<typeof columnChoiceSchema>;
