/**
 * A record kind on the server: the shared definition (docs/api.md) plus where it is stored and
 * how it is submitted. The entity, the presenter, the CSV columns and the routes derive from it.
 */
import type { Assignee, RecordDefinition, RecordSource } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import type { StoredFile } from '../db/entities/stored-file';
import type { CheckedFile } from '../uploads/check-files';
import type { SubmissionSource } from './record-source';

/** The record tables; their row counts are kept by triggers (see record-counts.ts). */
export type RecordTable = 'inquiries' | 'supplier_inquiries' | 'contact_messages' | 'subscribers';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Field<D extends RecordDefinition> = D['fields'][number];
type RowValue<F> = F extends { kind: 'list' } ? string[] : F extends { kind: 'date' } ? Date : string;

/** The desk's columns of a worked kind: its status, owner and version; its follow-up and snooze (records/follow-ups). */
export interface DeskColumns {
  status: string;
  ownerId: string | null;
  version: number;
  followUpAt: Date | null;
  followUpNote: string | null;
  /** When the follow-up's reminder went out (null: not yet, or no follow-up). */
  followUpNotifiedAt: Date | null;
  snoozedUntil: Date | null;
  /** When staff first replied to the sender by e-mail, and who (desk/first-response.ts). */
  firstResponseAt: Date | null;
  firstResponderId: string | null;
  /** By when the first response is due, from when it is at risk, and when its warning and missed notice went out (records/response-targets). */
  responseDueAt: Date | null;
  responseWarnAt: Date | null;
  responseWarnedAt: Date | null;
  responseMissedAt: Date | null;
  /** Why the record was won or lost (its kind's `outcomeReasons`), while it is. */
  outcomeReason: string | null;
  /** Where the record came from (RecordSource) and, from an embedded form, the partner's origin. */
  source: RecordSource;
  sourcePartner: string | null;
}

/** A stored row: the fields (dates as Date), the files' metadata in one JSON column, the desk's columns. */
export type RowOf<D extends RecordDefinition> = Simplify<
  { id: string } & { [F in Exclude<Field<D>, { kind: 'files' }> as F['key']]: RowValue<F> } & ([
      Extract<Field<D>, { kind: 'files' }>,
    ] extends [never]
      ? object
      : { attachments: StoredFile[] }) &
    (D['statuses'] extends readonly string[] ? DeskColumns : object)
>;

/** Any kind's row, as the generic code sees it. */
export interface AnyRow extends Partial<DeskColumns> {
  id: string;
  createdAt: Date;
  attachments?: StoredFile[];
  [key: string]: unknown;
}

/** What storing a checked submission produced: the row, and whether it is new. */
export interface Stored<Row> {
  row: Row;
  created: boolean;
  /** The owner the automatic assignment gave it (docs/admin.md#automatic-assignment). */
  owner?: Assignee | null;
}

export type StoreDeps = Pick<AppDeps, 'db' | 'engine' | 'uploads' | 'now' | 'config' | 'limiters' | 'audit'>;

export interface RecordKind<D extends RecordDefinition = RecordDefinition> {
  definition: D;
  /** TypeORM entity name and table. */
  entity: string;
  table: RecordTable;
  /** Where visitors submit it (under /api) and what a stored submission answers. */
  submitPath: string;
  submitted: string;
  /** Reads the submitted fields into what the schema checks (the buyer form's typed dispatch mode). */
  readSubmission?: (fields: Record<string, unknown>) => Record<string, unknown>;
  /** Stores a checked submission; default: insert a new row with its files (createRecord). */
  store?: (
    deps: StoreDeps,
    kind: RecordKind,
    input: Record<string, unknown>,
    files: CheckedFile[],
    source: SubmissionSource,
  ) => Promise<Stored<AnyRow>>;
}
