// CSV answers (payment ledger, slot embed codes): RFC 4180 (CRLF, quotes doubled) in UTF-8 with a BOM so
// spreadsheets pick the encoding, sent as an attachment with a timestamped file name. Text cells a spreadsheet
// would run as a formula (=, +, -, @, tab, CR, ;, |) are neutralised with a leading apostrophe and cells holding a
// separator some spreadsheet splits on are quoted (OWASP CSV injection); those rules and the file name live in
// src/lib/csv.ts, shared with the console's own exports.
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { NEEDS_QUOTES, neutralizeCell, timestampedFileName, type CsvCell } from '../../../src/lib/csv';
import { SENT } from './handlers';

export { neutralizeCell, timestampedFileName, type CsvCell };

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header as string[], ...rows.map((row) => row.map(neutralizeCell))], { record_delimiter: '\r\n', quoted_match: NEEDS_QUOTES });
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
