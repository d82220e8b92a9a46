/**
 * CSV as the portal writes it, in the browser (zones export) and on the server (payment ledger, slot embed
 * codes, blocks, dashboard tables): RFC 4180 (fields separated by commas, records by CRLF, a field holding a
 * quote, comma, CR or LF quoted with its quotes doubled), UTF-8 with a BOM so spreadsheets pick the encoding.
 *
 * Formula injection (OWASP "CSV injection"): a spreadsheet runs a cell that starts with =, +, -, @ (and | in
 * some, a DDE call), and tab or CR may come before one. A spreadsheet does not only split on commas: Excel in
 * German or French locales splits on ';', others may be set to '|' or tab, and then the quotes of the comma
 * dialect protect nothing: `1,"x;=cmd|' /C calc'!A0"` read with ';' has the cell `=cmd|' /C calc'!A0"`. So a text
 * cell is neutralised wherever a cell can begin, whichever separator the reader uses: at its start, and after
 * every ';', '|', tab, CR or LF in it. Where what follows (after any spaces or double quotes, which some readers
 * drop) is one of = + - @ | tab CR, one apostrophe is inserted there; after one of those separators also where a
 * double quote or the end of the text follows (it would open a quoted field of that dialect, running on into the
 * next cells):
 *
 *   =1+1                    ->  '=1+1
 *   x;=HYPERLINK("...")     ->  x;'=HYPERLINK("...")
 *   ;=cmd|' /C calc'!A0;    ->  ;'=cmd|' /C calc'!A0;'
 *   a; "=1"                 ->  a;' "=1"
 *   a;"b"                   ->  a;'"b"
 *
 * Nothing else changes, so the value stays readable (the apostrophe is what a spreadsheet itself shows for text
 * typed with a leading one). Numbers are written as numbers, so a negative amount stays a number. Cells holding a
 * quote, a separator (, ; |), a tab or a line break are quoted, which every reader of the comma dialect honours.
 * No message keys. tests/server/csvExports.test.ts reads every export of the server with each separator.
 *
 * Written here rather than taken from csv-stringify's browser build: that build costs ~10 kB gzip in the admin
 * vendor chunk (vite.config.ts groups every library there), for what is the few lines below.
 */

export type CsvCell = string | number | null;

export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

/** A cell the blocklist import refuses: one that starts like a formula, or with a separator another reader splits on. */
const IMPORTED_FORMULA = /^[=+\-@\t\r;|]/;
/** A text that starts a formula: = + - @ | tab or CR, after any spaces or double quotes. */
const FORMULA_START = /^[ "]*[=+\-@|\t\r]/;
/**
 * The same after a character a spreadsheet may begin a cell after (; | tab CR LF), or a double quote there, or
 * the end of the text: such a cell would open a quoted field of that dialect, running on into the next cells or
 * record (a text ending in ';' is followed by its closing quote). The apostrophe goes right after the character.
 */
const INNER_FORMULA_START = /([;|\t\r\n])(?=[ "]*[=+\-@|\t\r]|"|$)/g;
/** Which fields are written in quotes; the server's csv-stringify takes the same rule (quoted_match). */
export const NEEDS_QUOTES = /[",;|\t\r\n]/;

/** Whether a spreadsheet would run this text as a formula (the blocklist import refuses such cells). */
export function looksLikeFormula(text: string): boolean {
  return IMPORTED_FORMULA.test(text);
}

/** Numbers stay numbers; text gets an apostrophe wherever a cell could start a formula (above); null is empty. */
export function neutralizeCell(value: CsvCell): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  const inner = value.replace(INNER_FORMULA_START, "$1'");
  return FORMULA_START.test(value) ? `'${inner}` : inner;
}

function field(value: CsvCell): string {
  const text = String(neutralizeCell(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header and rows as CSV text, every record ended by CRLF (no BOM: add CSV_BOM when writing a file). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(field).join(',')}\r\n`).join('');
}

/** e.g. zones-20261122-053012.csv (UTC): spec section 9, export file names include a timestamp. */
export function timestampedFileName(base: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${base}-${stamp}.csv`;
}
