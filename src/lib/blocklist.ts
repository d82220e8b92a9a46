/**
 * Blocklist import (issue 9): how a line of a file or of a pasted list is read, before the server decides
 * whether it is new, already blocked or unknown (checkRestrictionImport). The console turns parsed CSV rows
 * into entries (entriesFromRows); the server reads each entry (readBlocklistEntry), so both agree on what a line
 * means.
 *
 * - A file with a header row naming a `value` column (the export's `type,value,name,scope,created`) gives one
 *   entry per row from its `type` and `value` cells. Any other text is a mixed list: every non-empty cell of
 *   every row (cells split on commas, rows on line breaks) is an entry without a type.
 * - Without a type the value says what it is: `IABn` / `IABn-m` an IAB category, digits an advertiser id, a value
 *   with a dot and no space an advertiser domain, anything else an advertiser's exact name. A creative (issue 28)
 *   is read only with its type, `creative` (as the export writes it): its value is the creative id.
 * - A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR, ;, |: the export's own rule) is refused,
 *   never stored; so is a value or type holding a control character (a tab inside it, a NUL): a line of its own
 *   that cannot be blocked, while the list's other lines stay applicable. Types are matched case-insensitively; an empty type cell means none.
 */
import { isValidAdvertiserDomain, toWildcardDomain } from './advertiserDomains';
import { looksLikeFormula } from './csv';
import { MAX_ID } from './limits';

export const BLOCK_TYPES = ['advertiser', 'advertiser_domain', 'iab_category', 'creative'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** The contract's RestrictionImport entry. */
export interface BlocklistEntry {
  type?: string;
  value: string;
}

export type InvalidReason = 'formula' | 'control' | 'type' | 'domain' | 'advertiserId' | 'iabCategory' | 'creativeId';

/** Unicode's Cc controls, the characters the contract's PlainText refuses (a tab inside a value, a NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

export type EntryReading =
  | { kind: 'advertiserId'; type: 'advertiser'; id: number }
  | { kind: 'advertiserName'; type: 'advertiser'; name: string }
  | { kind: 'value'; type: 'advertiser_domain' | 'iab_category' | 'creative'; value: string }
  | { kind: 'invalid'; type: BlockType | null; reason: InvalidReason };

const IAB_ID = /^iab(\d{1,4})(?:-(\d{1,4}))?$/i;
const DIGITS = /^\d+$/;
const DOMAIN_LIKE = /^\S+\.\S+$/;

function iabReading(value: string): EntryReading {
  const match = IAB_ID.exec(value);
  if (!match) return { kind: 'invalid', type: 'iab_category', reason: 'iabCategory' };
  const id = `IAB${Number(match[1])}${match[2] === undefined ? '' : `-${Number(match[2])}`}`;
  return { kind: 'value', type: 'iab_category', value: id };
}

function advertiserReading(value: string): EntryReading {
  if (!DIGITS.test(value)) return { kind: 'advertiserName', type: 'advertiser', name: value };
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? { kind: 'advertiserId', type: 'advertiser', id } : { kind: 'invalid', type: 'advertiser', reason: 'advertiserId' };
}

function domainReading(value: string): EntryReading {
  return isValidAdvertiserDomain(value)
    ? { kind: 'value', type: 'advertiser_domain', value: toWildcardDomain(value) }
    : { kind: 'invalid', type: 'advertiser_domain', reason: 'domain' };
}

/** Creative ids are PostgreSQL integers. */
const MAX_CREATIVE_ID = 2_147_483_647;

function creativeReading(value: string): EntryReading {
  return DIGITS.test(value) && Number(value) >= 1 && Number(value) <= MAX_CREATIVE_ID
    ? { kind: 'value', type: 'creative', value: String(Number(value)) }
    : { kind: 'invalid', type: 'creative', reason: 'creativeId' };
}

/** What one entry asks to block, or why it cannot be read. */
export function readBlocklistEntry(entry: BlocklistEntry): EntryReading {
  const value = entry.value.trim();
  const type = (entry.type ?? '').trim();
  // Before and after trimming: a leading tab is a formula marker of its own, and ' =1+1' is one to some readers.
  if ([entry.value, value, entry.type ?? '', type].some(looksLikeFormula)) return { kind: 'invalid', type: null, reason: 'formula' };
  // After the formula check (a leading tab is a formula marker) and before any lookup: such a value names no block
  // and the database could not even compare it (PostgreSQL text holds no NUL).
  if (CONTROL.test(value) || CONTROL.test(type)) return { kind: 'invalid', type: null, reason: 'control' };
  switch (type.toLowerCase()) {
    case '':
      if (IAB_ID.test(value)) return iabReading(value);
      if (DIGITS.test(value)) return advertiserReading(value);
      if (DOMAIN_LIKE.test(value)) return domainReading(value);
      return advertiserReading(value);
    case 'advertiser':
      return advertiserReading(value);
    case 'advertiser_domain':
      return domainReading(value);
    case 'iab_category':
      return iabReading(value);
    case 'creative':
      return creativeReading(value);
    default:
      return { kind: 'invalid', type: null, reason: 'type' };
  }
}

/** An entry with the line of the text it came from (1-based), for the verdict list. */
export interface SourcedEntry extends BlocklistEntry {
  line: number;
}

const cell = (row: readonly string[], index: number) => (index < 0 ? '' : (row[index] ?? '').trim());

/** Entries of parsed CSV rows (see the header comment): the export's columns, or a mixed list. */
export function entriesFromRows(rows: readonly (readonly string[])[]): SourcedEntry[] {
  const header = (rows[0] ?? []).map((name, index) => (index === 0 ? name.replace(/^\uFEFF/, '') : name).trim().toLowerCase());
  const valueColumn = header.indexOf('value');
  const entries: SourcedEntry[] = [];
  if (valueColumn >= 0) {
    const typeColumn = header.indexOf('type');
    rows.slice(1).forEach((row, index) => {
      const value = cell(row, valueColumn);
      if (value === '') return;
      const type = cell(row, typeColumn);
      entries.push({ line: index + 2, value, ...(type === '' ? {} : { type }) });
    });
    return entries;
  }
  rows.forEach((row, index) => {
    for (const raw of row) {
      const value = raw.replace(/^\uFEFF/, '').trim();
      if (value !== '') entries.push({ line: index + 1, value });
    }
  });
  return entries;
}
