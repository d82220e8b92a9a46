// CSV answers (payment ledger, slot embed codes, blocks, dashboard tables): RFC 4180 (CRLF, quotes doubled) in
// UTF-8 with a BOM so spreadsheets pick the encoding, sent as an attachment with a timestamped file name. Text
// that a spreadsheet would run as a formula, at the start of a cell or after a ; | tab or line break where one
// splitting on those starts a cell, gets an apostrophe; cells holding a separator or a quote are quoted (OWASP CSV
// injection). Those rules and the file name live in src/lib/csv.ts, shared with the console's own exports.
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { NEEDS_QUOTES, neutralizeCell, timestampedFileName, type CsvCell } from '../../../src/lib/csv';
import { MAX_CSV_LENGTH } from '../../../src/lib/limits';
import { internalError } from './errors';
import { SENT } from './handlers';

export { neutralizeCell, timestampedFileName, type CsvCell };

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header as string[], ...rows.map((row) => row.map(neutralizeCell))], { record_delimiter: '\r\n', quoted_match: NEEDS_QUOTES });
}

/** The contract's bound of every CSV answer: a larger one is never sent (a 500, logged by the caller). */
export function assertCsvWithinBound(csv: string): string {
  if (csv.length > MAX_CSV_LENGTH) throw internalError();
  return csv;
}

export function sendCsv(reply: FastifyReply, base: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]): typeof SENT {
  const csv = assertCsvWithinBound(`\uFEFF${toCsv(header, rows)}`);
  void reply
    .code(200)
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${timestampedFileName(base)}"`)
    .header('cache-control', 'no-store')
    .send(csv);
  return SENT;
}
