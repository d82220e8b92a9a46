/**
 * The ads.txt checker: a publisher's file (parsed by adsTxtParse.ts) against the lines the network needs in it
 * (the ads.txt call's answer). Pure and linear in the file's size; returns codes and line numbers, no message keys.
 *
 * For each required line, in the order the network lists them:
 * - present: a record with the same domain (any case), the same seller account id (exactly), the same
 *   relationship (any case) and, when the network gives a certification authority id, that id (any case);
 * - wrong: no such record, but one with the same domain and seller account id that differs in the relationship or
 *   the certification id (missing or another); or, failing that, a record of the same domain whose seller account
 *   id is a near miss of the required one (a typo: differing in case or by at most one character in five) that no
 *   other required line claims. The first such line (by number) is reported, with the fields that differ;
 * - missing: neither. The missing lines, rendered as the console shows them, are the text to append.
 * A present line may also be contradicted by other lines listing the same seller account differently
 * (`conflictingLines`): crawlers then see both.
 *
 * Duplicates are records equal to an earlier one in every field (domain, seller account id, relationship,
 * certification id), whoever's lines they are. Malformed lines and warnings come from the parser.
 */
import { renderAdsTxtLine, type AdsTxtLine } from './adsTxt';
import {
  parseAdsTxt,
  type AdsTxtFileKind,
  type AdsTxtRecord,
  type LineWarning,
  type MalformedReason,
  type ParsedAdsTxt,
} from './adsTxtParse';

export type WrongField = 'relationship' | 'sellerAccountId' | 'certificationId';

interface RequiredBase {
  /** The required line as the network renders it. */
  expected: string;
}
export type RequiredLineResult =
  | (RequiredBase & { status: 'present'; line: number; conflictingLines: number[] })
  | (RequiredBase & { status: 'wrong'; line: number; text: string; fields: WrongField[] })
  | (RequiredBase & { status: 'missing' });

export interface LineProblem<Reason> {
  line: number;
  text: string;
  reason: Reason;
}

export interface DuplicateLine {
  line: number;
  text: string;
  firstLine: number;
}

export interface AdsTxtCheck {
  kind: AdsTxtFileKind;
  lineCount: number;
  recordCount: number;
  /** The text looks like a web page, not an ads.txt file. */
  looksLikeHtml: boolean;
  required: RequiredLineResult[];
  /** The missing lines, one per line, to append to the file; '' when none is missing. */
  missingText: string;
  malformed: LineProblem<MalformedReason>[];
  duplicates: DuplicateLine[];
  warnings: LineProblem<LineWarning>[];
  counts: { required: number; present: number; wrong: number; missing: number; malformed: number; duplicates: number; warnings: number };
}

interface Required {
  source: AdsTxtLine;
  expected: string;
  domain: string;
  sellerAccountId: string;
  relationship: string;
  certificationId?: string;
}

const sellerKey = (domain: string, sellerAccountId: string) => `${domain}\n${sellerAccountId}`;
const recordKey = (record: AdsTxtRecord) =>
  `${sellerKey(record.domain, record.sellerAccountId)}\n${record.relationship}\n${record.certificationId ?? ''}`;

function toRequired(source: AdsTxtLine): Required {
  const tagId = source.tagId?.trim();
  return {
    source,
    expected: renderAdsTxtLine(source),
    domain: source.exchangeDomain.trim().toLowerCase(),
    sellerAccountId: source.sellerAccountId.trim(),
    relationship: source.accountType.trim().toUpperCase(),
    ...(tagId ? { certificationId: tagId.toLowerCase() } : {}),
  };
}

function append<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The fields of `record` that differ from `required` (domain and seller account id are compared by the caller). */
function differences(required: Required, record: AdsTxtRecord): WrongField[] {
  const fields: WrongField[] = [];
  if (record.sellerAccountId !== required.sellerAccountId) fields.push('sellerAccountId');
  if (record.relationship !== required.relationship) fields.push('relationship');
  if (required.certificationId !== undefined && record.certificationId !== required.certificationId) fields.push('certificationId');
  return fields;
}

/** Edit distance of a and b, or Infinity once it exceeds `max` (most pairs are rejected by their lengths alone). */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return Infinity;
    previous = current;
  }
  return (previous[b.length] as number) <= max ? (previous[b.length] as number) : Infinity;
}

/** How far a seller account id may be from the required one and still be taken for a typo of it. */
function isNearMiss(found: string, required: string): boolean {
  if (found.toLowerCase() === required.toLowerCase()) return true;
  return editDistance(found, required, Math.max(1, Math.floor(required.length / 5))) !== Infinity;
}

export function checkParsedAdsTxt(parsed: ParsedAdsTxt, requiredLines: readonly AdsTxtLine[]): AdsTxtCheck {
  const records: AdsTxtRecord[] = [];
  const malformed: LineProblem<MalformedReason>[] = [];
  const warnings: LineProblem<LineWarning>[] = [];
  for (const entry of parsed.entries) {
    if (entry.kind === 'malformed') {
      malformed.push({ line: entry.line, text: entry.text, reason: entry.reason });
      continue;
    }
    if (entry.kind === 'record') records.push(entry);
    for (const warning of entry.warnings) warnings.push({ line: entry.line, text: entry.text, reason: warning });
  }

  const required = requiredLines.map(toRequired);
  const requiredSellers = new Set(required.map((line) => sellerKey(line.domain, line.sellerAccountId)));
  const requiredDomains = new Set(required.map((line) => line.domain));

  // One pass: duplicates among all records; the network's domains and sellers indexed, the others' left alone.
  const duplicates: DuplicateLine[] = [];
  const firstByKey = new Map<string, number>();
  const bySeller = new Map<string, AdsTxtRecord[]>();
  const byDomain = new Map<string, AdsTxtRecord[]>();
  for (const record of records) {
    const key = recordKey(record);
    const firstLine = firstByKey.get(key);
    if (firstLine === undefined) firstByKey.set(key, record.line);
    else duplicates.push({ line: record.line, text: record.text, firstLine });
    if (!requiredDomains.has(record.domain)) continue;
    append(byDomain, record.domain, record);
    const seller = sellerKey(record.domain, record.sellerAccountId);
    if (requiredSellers.has(seller)) append(bySeller, seller, record);
  }

  const results: (RequiredLineResult | undefined)[] = required.map((line) => {
    const candidates = bySeller.get(sellerKey(line.domain, line.sellerAccountId)) ?? [];
    const exact = candidates.find((record) => differences(line, record).length === 0);
    if (exact) {
      const conflictingLines = candidates.filter((record) => differences(line, record).length > 0).map((record) => record.line);
      return { status: 'present', expected: line.expected, line: exact.line, conflictingLines };
    }
    const [first] = candidates;
    return first ? { status: 'wrong', expected: line.expected, line: first.line, text: first.text, fields: differences(line, first) } : undefined;
  });

  // Near misses of the seller account id: only records no required line names, each taken once.
  const claimed = new Set<AdsTxtRecord>();
  const final = results.map((result, index): RequiredLineResult => {
    const line = required[index] as Required;
    if (result) return result;
    const nearMiss = (byDomain.get(line.domain) ?? []).find(
      (record) =>
        !claimed.has(record) &&
        !requiredSellers.has(sellerKey(record.domain, record.sellerAccountId)) &&
        isNearMiss(record.sellerAccountId, line.sellerAccountId),
    );
    if (!nearMiss) return { status: 'missing', expected: line.expected };
    claimed.add(nearMiss);
    return { status: 'wrong', expected: line.expected, line: nearMiss.line, text: nearMiss.text, fields: differences(line, nearMiss) };
  });

  const count = (status: RequiredLineResult['status']) => final.filter((result) => result.status === status).length;
  return {
    kind: parsed.kind,
    lineCount: parsed.lineCount,
    recordCount: records.length,
    looksLikeHtml: parsed.looksLikeHtml,
    required: final,
    missingText: final
      .filter((result) => result.status === 'missing')
      .map((result) => result.expected)
      .join('\n'),
    malformed,
    duplicates,
    warnings,
    counts: {
      required: final.length,
      present: count('present'),
      wrong: count('wrong'),
      missing: count('missing'),
      malformed: malformed.length,
      duplicates: duplicates.length,
      warnings: warnings.length,
    },
  };
}

/** Parses `text` as an ads.txt or app-ads.txt file and checks it against the required lines. */
export function checkAdsTxt(text: string, requiredLines: readonly AdsTxtLine[], kind: AdsTxtFileKind = 'ads.txt'): AdsTxtCheck {
  return checkParsedAdsTxt(parseAdsTxt(text, kind), requiredLines);
}
