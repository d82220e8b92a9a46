/**
 * CSV as the portal writes it, in the browser (zones export) and on the server (payment ledger, slot embed
 * codes): RFC 4180 (fields separated by commas, records by CRLF, a field holding a quote, comma, CR or LF quoted
 * with its quotes doubled), UTF-8 with a BOM so spreadsheets pick the encoding.
 *
 * Text cells a spreadsheet would run as a formula (starting with =, +, -, @, tab, CR, ; or |) get a leading apostrophe
 * (OWASP "CSV injection"); numbers are written as numbers, so a negative amount stays a number. No message keys.
 * A spreadsheet set to split on ; | or tab would cut `a;=1+1` into a live `=1+1`, whatever the apostrophe: cells
 * holding one of those are quoted too, which every such reader honours.
 *
 * Written here rather than taken from csv-stringify's browser build: that build costs ~10 kB gzip in the admin
 * vendor chunk (vite.config.ts groups every library there), for what is the few lines below.
 */

export type CsvCell = string | number | null;

export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r;|]/;
/** Which fields are written in quotes; the server's csv-stringify takes the same rule (quoted_match). */
export const NEEDS_QUOTES = /[",;|\t\r\n]/;

/** Whether a spreadsheet would run this text as a formula (the blocklist import refuses such cells). */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** Numbers stay numbers; text that starts like a formula gets a leading apostrophe; null is empty. */
export function neutralizeCell(value: CsvCell): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
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
