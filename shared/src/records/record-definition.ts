/**
 * One definition per record kind (buyer inquiry, supplier offer, contact message, subscriber):
 * its fields, in the order the admin shows them. Everything else derives from it: the record
 * type the API answers, the submission schema and the form's starting values, the stored
 * columns, the admin's columns and detail fields, the CSV columns, the multipart file field and
 * the test fixtures. To add a field, see CONTRIBUTING.md.
 */
import { z } from 'zod';
import type { AdminListName } from '../api-paths';
import type { RealtimeEventName, RecordKind } from '../realtime';

/** A stored upload as the admin sees it: `url` is signed and short-lived, usable in a new tab. */
export interface AttachmentFile {
  storedName: string;
  /** The visitor's name for it, cleaned: a label. */
  originalName: string;
  /** The name it is served and saved under, ending in its type's extension (nameForType). */
  fileName: string;
  mimeType: string;
  size: number;
  url: string;
}

/**
 * text: one line; longText: line breaks kept; list: several texts (JSON in a multipart form,
 * comma-joined in lists and CSV); files: uploads (the record holds their stored names); date: an
 * ISO time set by the server; reference: the record's short reference, set by the server (reference.ts).
 */
export type FieldKind = 'text' | 'longText' | 'list' | 'files' | 'date' | 'reference';

/** Where the admin shows a field; both unless a field says otherwise. The CSV export has the list's columns. */
export type FieldPlace = 'list' | 'detail';

export interface FieldDefinition {
  /** The record's key, as the API answers and the database stores it. */
  readonly key: string;
  /** Column header in the admin list, label in the detail view, header in the CSV export. */
  readonly label: string;
  readonly kind: FieldKind;
  /** Name of the submitted field when it is not `key` (several fields may read one submitted value). */
  readonly wire?: string;
  /** How the submitted value is checked (and trimmed); absent for what the visitor does not send. */
  readonly input?: z.ZodType;
  /** The form's starting value, when not empty. */
  readonly initial?: string;
  /** A realistic value: the starting point of every test fixture. */
  readonly sample?: string | readonly string[];
  /** False for a text the server sets from a fixed set (a subscriber's status): the search skips it. */
  readonly searched?: false;
  /** How the admin list filters by it (docs/admin.md#filters), when it does. */
  readonly filter?: FieldFilter;
  /** files: how many the visitor may attach. */
  readonly maxFiles?: number;
  /** reference: the kind's three letters (INQ-7K2M9Q). */
  readonly prefix?: string;
  /** How the admin shows a text (list, detail and CSV), when not as stored. */
  readonly display?: (value: string) => string;
  /** Where the admin does not show it (default: shown in the list, and so the CSV, and the detail). */
  readonly hiddenIn?: readonly FieldPlace[];
}

/**
 * A filter on one field: `oneOf` a fixed option (equal), `includes` an option (a list holding it),
 * `matches` a typed text (equal, ignoring case; `suggestions` offered while typing).
 */
export type FieldFilter =
  | { readonly by: 'oneOf'; readonly options: readonly string[]; readonly labels?: Readonly<Record<string, string>> }
  | { readonly by: 'includes'; readonly options: readonly string[] }
  | { readonly by: 'matches'; readonly suggestions: readonly string[] };

type Fields = readonly FieldDefinition[];

/** The submitted name of a field. */
export type WireName<F extends FieldDefinition> = F extends { wire: infer W extends string } ? W : F['key'];

type SubmittedField<Fs extends Fields> = Extract<Fs[number], { input: z.ZodType }>;

/** The zod shape of a submission: one entry per submitted field, under its submitted name. */
export type SubmissionShape<Fs extends Fields> = {
  [F in SubmittedField<Fs> as WireName<F>]: F['input'];
};

export type SubmissionSchema<Fs extends Fields> = z.ZodType<
  z.output<z.ZodObject<SubmissionShape<Fs>>>,
  z.input<z.ZodObject<SubmissionShape<Fs>>>
>;

/**
 * Where a worked record came from (docs/admin.md#record-sources): the site's own form, a partner's
 * page framing the form (with the partner's origin), or staff entering it at the desk.
 */
export const RECORD_SOURCES = ['form', 'embed', 'desk'] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

/**
 * The header an embedded form's submission names the partner's page framing it by: that page's
 * origin, stored as the record's `sourcePartner` when EMBED_ORIGINS lists it (docs/forms.md#embedded-forms).
 */
export const EMBED_ORIGIN_HEADER = 'X-Embed-Origin';

/** The statuses of a record kind staff work on (docs/admin.md#sales-desk); null for kinds they do not. */
type Statuses = readonly string[] | null;

/** A move between two of a kind's statuses. */
type StatusMove<S extends Statuses> = S extends readonly (infer T extends string)[] ? { from: T; to: T } : never;

export interface RecordDefinition<Fs extends Fields = Fields, S extends Statuses = Statuses> {
  readonly kind: RecordKind;
  /** The admin list (path, realtime event: ADMIN_LISTS). */
  readonly list: AdminListName;
  readonly event: RealtimeEventName;
  /** The key naming a record (a card's heading, a notification's title); `detail` a second line. */
  readonly title: Fs[number]['key'];
  readonly detail?: Fs[number]['key'];
  /** What the record is about, for a canned reply's `{{commodity}}` (docs/admin.md#canned-replies). */
  readonly commodity?: Fs[number]['key'];
  /** The text the submitter typed for a commodity of OTHERS ('Others'): what `{{commodity}}` says in its place. */
  readonly otherCommodity?: Fs[number]['key'];
  readonly fields: Fs;
  /**
   * The sales desk's statuses, in tab order: a new record gets the first; SPAM_STATUS (which every
   * set holds) takes a record out of the default list and the dashboard. The API's checks, the
   * trigger-kept counts, the admin's tabs and the tests all read this.
   */
  readonly statuses: S;
  /**
   * What a staff reply by e-mail does to the record's status: a record in `from` moves to `to`
   * (a contact message: Open to Answered, docs/admin.md#outbox), like a status change by the replier.
   */
  readonly statusOnReply?: StatusMove<S>;
  /**
   * The statuses a record is done in (won, lost, answered...): it no longer counts among its
   * owner's open records for the automatic assignment's cap (docs/admin.md#automatic-assignment).
   * SPAM_STATUS is always one.
   */
  readonly closedStatuses?: S extends readonly (infer T extends string)[] ? readonly T[] : never;
  /**
   * The outcomes staff say why of (docs/admin.md#outcome-reasons): setting a record to one of these
   * statuses asks for one of its reasons, kept as the record's `outcomeReason` until it leaves the
   * status; the reports break the outcomes down by it.
   */
  readonly outcomeReasons?: S extends readonly (infer T extends string)[]
    ? { readonly [Status in T]?: readonly string[] }
    : never;
  /** Checks across fields of a submission. */
  refine?(value: Record<string, unknown>, ctx: z.RefinementCtx): void;
}

/**
 * Declares a record kind, keeping the literal keys and kinds its derived types are built from
 * (and typing `refine` with the kind's own submission).
 */
export function defineRecord<const Fs extends Fields, const S extends Statuses = null>(
  definition: Omit<RecordDefinition<Fs, S>, 'refine' | 'statuses'> & {
    statuses?: S;
    refine?(value: z.output<z.ZodObject<SubmissionShape<Fs>>>, ctx: z.RefinementCtx): void;
  },
): RecordDefinition<Fs, S> {
  return { ...definition, statuses: (definition.statuses ?? null) as S };
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type RecordValue<F extends FieldDefinition> = F extends { kind: 'list' }
  ? string[]
  : F extends { kind: 'files'; maxFiles: 1 }
    ? string | null
    : F extends { kind: 'files' }
      ? string[]
      : string;

type FilesOf<Fs extends Fields> = [Extract<Fs[number], { kind: 'files' }>] extends [never]
  ? object
  : { /** The same files with their names, types and signed links. */ attachmentFiles: AttachmentFile[] };

/**
 * What staff work on a record of a kind with statuses: its status, owner (an admin's id) and version;
 * when to follow it up and why, and until when it is snoozed (ISO times, or null: docs/api.md#follow-ups-and-snooze);
 * when staff first replied by e-mail and who (null until then: docs/admin.md#first-response), and by
 * when they were to (null: no target, docs/admin.md#response-targets); why it
 * was won or lost (docs/admin.md#outcome-reasons); where it came from (docs/admin.md#record-sources).
 */
type DeskOf<S> = S extends readonly (infer T extends string)[]
  ? {
      status: T;
      ownerId: string | null;
      version: number;
      followUpAt: string | null;
      followUpNote: string | null;
      snoozedUntil: string | null;
      firstResponseAt: string | null;
      firstResponderId: string | null;
      responseDueAt: string | null;
      outcomeReason: string | null;
      source: RecordSource;
      sourcePartner: string | null;
    }
  : object;

/**
 * A record as the API answers it: `_id`, every field, the files' details when it has files, and
 * the desk's status, owner, version, follow-up and snooze when its kind has statuses.
 */
export type RecordOf<D extends RecordDefinition> = Simplify<
  { _id: string } & { [F in D['fields'][number] as F['key']]: RecordValue<F> } & FilesOf<D['fields']> & DeskOf<D['statuses']>
>;

/** What a form holds: every submitted field as text, lists as lists. */
export type FormValuesOf<D extends RecordDefinition> = {
  [F in SubmittedField<D['fields']> as WireName<F>]: F extends { kind: 'list' } ? string[] : string;
};

export const wireName = (field: FieldDefinition): string => field.wire ?? field.key;

export const submittedFields = (definition: RecordDefinition) => definition.fields.filter((f) => f.input);

/**
 * Each submitted name's label (the first field reading it): the label a form control bound to it
 * shows unless the form gives it its own (docs/forms.md#how-both-forms-behave).
 */
export function formLabels(definition: RecordDefinition): Readonly<Record<string, string>> {
  const labels: Record<string, string> = {};
  for (const field of submittedFields(definition)) labels[wireName(field)] ??= field.label;
  return labels;
}

/** The schema a submission is checked with, in the browser and again on the server. */
export function submissionSchema<Fs extends Fields>(definition: RecordDefinition<Fs>): SubmissionSchema<Fs> {
  const shape = Object.fromEntries(submittedFields(definition).map((f) => [wireName(f), f.input!]));
  const object = z.object(shape) as unknown as z.ZodObject<SubmissionShape<Fs>>;
  return definition.refine ? object.superRefine((value, ctx) => definition.refine!(value, ctx)) : object;
}

/** The form's starting values: empty texts and lists, or a field's `initial`. */
export function initialValues<D extends RecordDefinition>(definition: D): FormValuesOf<D> {
  return Object.fromEntries(
    submittedFields(definition).map((f) => [wireName(f), f.kind === 'list' ? [] : (f.initial ?? '')]),
  ) as FormValuesOf<D>;
}

/** A complete, valid submission made of every field's sample (test fixtures start here). */
export function sampleValues<D extends RecordDefinition>(
  definition: D,
  overrides: Partial<FormValuesOf<D>> = {},
): FormValuesOf<D> {
  const samples = Object.fromEntries(
    submittedFields(definition)
      .filter((f) => f.sample !== undefined)
      .map((f) => [wireName(f), Array.isArray(f.sample) ? [...(f.sample as string[])] : f.sample]),
  );
  return { ...initialValues(definition), ...samples, ...overrides };
}

/** The stored values of a checked submission: each stored field reads its submitted name. */
export function storedValues(
  definition: RecordDefinition,
  submission: Record<string, unknown>,
): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const field of definition.fields) {
    if (field.kind === 'files' || field.kind === 'date' || field.kind === 'reference') continue;
    values[field.key] = submission[wireName(field)] as string | string[];
  }
  return values;
}

/** The file field of a kind (its submitted name and how many files), or null. */
export function filesField(definition: RecordDefinition): (FieldDefinition & { kind: 'files'; maxFiles: number }) | null {
  const field = definition.fields.find((f) => f.kind === 'files');
  return field ? (field as FieldDefinition & { kind: 'files'; maxFiles: number }) : null;
}

/** The reference field of a kind (its prefix), or null for kinds without references. */
export function referenceFieldOf(definition: RecordDefinition): (FieldDefinition & { kind: 'reference'; prefix: string }) | null {
  const field = definition.fields.find((f) => f.kind === 'reference');
  return field ? (field as FieldDefinition & { kind: 'reference'; prefix: string }) : null;
}

/** The fields the admin shows in one place, in order. */
export const fieldsShownIn = (definition: RecordDefinition, place: FieldPlace) =>
  definition.fields.filter((f) => !f.hiddenIn?.includes(place));

/** Keys the admin search (`q`) looks in: every text and list field of the kind. */
export const searchedKeys = (definition: RecordDefinition) =>
  definition.fields.filter((f) => SEARCHED_KINDS.has(f.kind) && f.searched !== false).map((f) => f.key);

/** Every text a person could look for: what was typed or ticked, and the record's reference. */
const SEARCHED_KINDS: ReadonlySet<FieldDefinition['kind']> = new Set(['text', 'longText', 'list', 'reference']);

/** Multipart text fields of form values (lists as JSON). */
export function toMultipartFields(values: Record<string, string | readonly string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}
