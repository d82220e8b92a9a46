// CSV answers (payment ledger, slot embed codes): RFC 4180 (CRLF, quotes doubled) in UTF-8 with a BOM so
// spreadsheets pick the encoding, sent as an attachment with a timestamped file name. Text cells a spreadsheet
// would run as a formula (=, +, -, @, tab, CR) are neutralised with a leading apostrophe (OWASP CSV injection).
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { SENT } from './handlers';

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Numbers stay numbers; text that starts like a formula gets a leading apostrophe. */
export function neutralizeCell(value: CsvCell): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header as string[], ...rows.map((row) => row.map(neutralizeCell))], { record_delimiter: '\r\n', quoted_match: /[",\r\n]/ });
}

/** e.g. payment-ledger-20261122-053012.csv (UTC). */
export function timestampedFileName(base: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${base}-${stamp}.csv`;
}

export function sendCsv(reply: FastifyReply, base: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]): typeof SENT {
  void reply
    .code(200)
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${timestampedFileName(base)}"`)
    .header('cache-control', 'no-store')
    .send(`\uFEFF${toCsv(header, rows)}`);
  return SENT;
}
