import { fieldsShownIn, type AttachmentFile, type RecordDefinition } from '@sourcing/shared';

/** A CSV column: the admin's header and the cell of one presented record (lists are comma-joined). */
/** A stored text value (anything else shows as empty). */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

export interface CsvColumn<Rec> {
  header: string;
  cell: (record: Rec) => string | number | string[] | null;
}

/** The export's columns of a kind (docs/api.md#csv-export): its fields' labels and shown texts; files by their original names. */
export function csvColumnsOf(definition: RecordDefinition): CsvColumn<Record<string, unknown>>[] {
  return fieldsShownIn(definition, 'csv').map((field) => ({
    header: field.label,
    cell:
      field.kind === 'files'
        ? (record) => (record.attachmentFiles as AttachmentFile[]).map((f) => f.originalName)
        : field.display
          ? (record) => field.display!(textOf(record[field.key]))
          : (record) => record[field.key] as string | string[],
  }));
}

/** Spreadsheets run cells starting with these (after spaces, or a tab or CR itself) as formulas; a leading ' makes them text. */
const FORMULA_START = /^(\s*[=+\-@]|[\t\r])/;
/**
 * A spreadsheet opening the file in another locale may split cells on ; | or tab instead of the
 * comma (and quotes do not protect then): a formula character after any separator or line break
 * gets its ' too.
 */
const FORMULA_AFTER_SEPARATOR = /([,;|\t\r\n]\s*)([=+\-@])/g;

export function csvCell(value: string | number | string[] | null): string {
  let text = value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  if (typeof value !== 'number') {
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | string[] | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Excel reads the file as UTF-8 only with a byte-order mark. */
export const CSV_BOM = '\uFEFF';
