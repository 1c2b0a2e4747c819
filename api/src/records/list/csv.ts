import {
  listColumnsOf,
  OWNER_COLUMN,
  STATUS_COLUMN,
  type AttachmentFile,
  type FieldDefinition,
  type RecordDefinition,
} from '@sourcing/shared';

/** A stored text value (anything else shows as empty). */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

export type CsvValue = string | number | string[] | null;

/** The e-mail of each staff account by id: what the Owner column shows. */
export type StaffEmails = ReadonlyMap<string, string>;

/** A CSV column: its list column's key, the admin's header and the cell of one presented record (lists are comma-joined). */
export interface CsvColumn<Rec> {
  key: string;
  header: string;
  cell: (record: Rec, staff: StaffEmails) => CsvValue;
}

function fieldCell(field: FieldDefinition): CsvColumn<Record<string, unknown>>['cell'] {
  if (field.kind === 'files') return (record) => (record.attachmentFiles as AttachmentFile[]).map((f) => f.originalName);
  if (field.display) return (record) => field.display!(textOf(record[field.key]));
  return (record) => record[field.key] as string | string[];
}

/**
 * The export's columns of a kind (docs/api.md#csv-export): the list's columns with their headers,
 * in the table's order; files by their original names, the desk's status as it is and the owner
 * by e-mail.
 */
export function csvColumnsOf(definition: RecordDefinition): CsvColumn<Record<string, unknown>>[] {
  return listColumnsOf(definition).map((column) => ({
    key: column.key,
    header: column.label,
    cell: column.field
      ? fieldCell(column.field)
      : column.key === STATUS_COLUMN
        ? (record) => textOf(record.status)
        : (record, staff) => (typeof record.ownerId === 'string' ? (staff.get(record.ownerId) ?? '') : ''),
  }));
}

export const COLUMNS_MESSAGE = "columns must be the list's column keys, comma-separated";

/**
 * The columns an export writes: those named by its `columns` parameter (the list's shown columns,
 * comma-separated keys), in the table's order; all of them without it. Null when it names a
 * column the list does not have.
 */
export function chosenCsvColumns<Rec>(columns: readonly CsvColumn<Rec>[], param: string | null): CsvColumn<Rec>[] | null {
  if (param === null || param === '') return [...columns];
  const keys = new Set(param.split(','));
  const chosen = columns.filter((column) => keys.has(column.key));
  return chosen.length === keys.size ? chosen : null;
}

/** The desk's owner column: the export reads the staff's e-mails when it has one. */
export const hasOwnerColumn = (columns: readonly Pick<CsvColumn<unknown>, 'key'>[]) =>
  columns.some((c) => c.key === OWNER_COLUMN);

/** Spreadsheets run cells starting with these (after spaces, or a tab or CR itself) as formulas; a leading ' makes them text. */
const FORMULA_START = /^(\s*[=+\-@]|[\t\r])/;
/**
 * A spreadsheet opening the file in another locale may split cells on ; | or tab instead of the
 * comma (and quotes do not protect then): a formula character after any separator or line break
 * gets its ' too.
 */
const FORMULA_AFTER_SEPARATOR = /([,;|\t\r\n]\s*)([=+\-@])/g;
const SEPARATOR = /[,;|\t\r\n]/;
/**
 * A plain phone number (+46 701234567, +1 (555) 010-9999): a + and digits, spaces, dashes and
 * parentheses only, up to where a cell may end. Nothing in it can name a function, a cell or a
 * link, so it is written as typed (docs/hardening.md#csv-exports).
 */
const PHONE_NUMBER = /^ *\+[0-9 ()-]*[0-9][0-9 ()-]*$/;

/** The text from `at` up to where a spreadsheet may end the cell. */
function cellFrom(text: string, at: number): string {
  const rest = text.slice(at);
  const end = rest.search(SEPARATOR);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The text with a ' before every formula start a spreadsheet could run, a plain phone number left as it is. */
function neutralised(text: string): string {
  const guarded = text.replace(FORMULA_AFTER_SEPARATOR, (match, before: string, start: string, offset: number) =>
    PHONE_NUMBER.test(cellFrom(text, offset + before.length)) ? match : `${before}'${start}`,
  );
  return FORMULA_START.test(guarded) && !PHONE_NUMBER.test(cellFrom(guarded, 0)) ? `'${guarded}` : guarded;
}

export function csvCell(value: CsvValue): string {
  let text = value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  if (typeof value !== 'number') text = neutralised(text);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Excel reads the file as UTF-8 only with a byte-order mark. */
export const CSV_BOM = '\uFEFF';
