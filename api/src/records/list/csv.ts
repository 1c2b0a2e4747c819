/** A CSV column: SPEC's header and the cell of one presented record (lists are comma-joined). */
export interface CsvColumn<Rec> {
  header: string;
  cell: (record: Rec) => string | number | string[] | null;
}

/** Spreadsheets run cells starting with these as formulas; a leading ' makes them text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | string[] | null): string {
  let text = value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | string[] | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Excel reads the file as UTF-8 only with a byte-order mark. */
export const CSV_BOM = '\uFEFF';
