/**
 * Parser of ads.txt and app-ads.txt files by the IAB Tech Lab ads.txt 1.1 rules (team guide
 * ../shared/guide/ADS-TXT.md): every line kept with its number, classified as a data record, a variable, a comment
 * or blank, or malformed with the reason. Pure, no DOM: the console's checker and the server's tests share it.
 * Returns codes, no message keys; the checker page maps them to its messages.
 *
 * Why not a parser from npm: none says which line is wrong and why. The one published parser, `ads.txt` 0.4.0
 * (last change 2019), drops an invalid line silently or throws on the first one, gives no line numbers, refuses
 * a lower-case relationship ('direct') that crawlers accept, and throws on a '%' that is not an escape. The
 * sellers.json cross-checker @miyaichi/ads-txt-validator is not on the npm registry. A publisher needs to know
 * which line to fix and why, so the project keeps this small parser of its own.
 *
 * Rules applied:
 * - Lines end at CR, LF or CRLF; numbers are 1-based. A UTF-8 byte-order mark at the start is ignored.
 * - '#' starts a comment anywhere on a line; white space (spaces, tabs) around fields is ignored.
 * - `NAME=value` (a name of letters, digits, '_' or '-' and no comma before the '=') is a variable. Names are
 *   matched case-insensitively (files in the wild write `contact=`); CONTACT, SUBDOMAIN, INVENTORYPARTNERDOMAIN,
 *   OWNERDOMAIN and MANAGERDOMAIN are known, others are kept with a warning. Domains in values are checked.
 * - Anything else is a data record: `domain, seller account id, relationship[, certification authority id]`, with
 *   extension data after a ';' kept opaque. Fields hold no white space; the domain is a bare domain name (not a
 *   URL); the relationship is DIRECT or RESELLER in any case. Fields after the fourth are not part of the
 *   standard: the record counts (its first four fields are whole) but carries a warning, as crawlers differ on it.
 * - Domains and the relationship compare case-insensitively (they are returned lower- and upper-cased); seller
 *   account ids exactly; certification authority ids case-insensitively (hexadecimal TAG-IDs).
 */

export type AdsTxtFileKind = 'ads.txt' | 'app-ads.txt';
export type AdsTxtRelationship = 'DIRECT' | 'RESELLER';
export type AdsTxtField = 'domain' | 'sellerAccountId' | 'relationship' | 'certificationId';

export const ADS_TXT_VARIABLES = ['CONTACT', 'SUBDOMAIN', 'INVENTORYPARTNERDOMAIN', 'OWNERDOMAIN', 'MANAGERDOMAIN'] as const;
export type AdsTxtVariableName = (typeof ADS_TXT_VARIABLES)[number];

/** Why a line is not a usable record or variable. */
export type MalformedReason =
  | { code: 'noCommas' }
  | { code: 'tooFewFields'; count: number }
  | { code: 'emptyField'; field: AdsTxtField }
  | { code: 'spaceInField'; field: AdsTxtField }
  | { code: 'domainIsUrl'; value: string }
  | { code: 'badDomain'; value: string }
  | { code: 'badRelationship'; value: string }
  | { code: 'emptyVariable'; name: string }
  | { code: 'badVariableDomain'; name: string; value: string }
  | { code: 'badCountry'; value: string };

/** Lines that count, but that a reader of the file should look at. */
export type LineWarning =
  | { code: 'extraFields'; count: number }
  | { code: 'unknownVariable'; name: string }
  | { code: 'repeatedOwnerDomain'; firstLine: number }
  | { code: 'repeatedManagerDomain'; firstLine: number; country: string | null }
  | { code: 'subdomainInAppAdsTxt' };

interface LineBase {
  /** 1-based line number. */
  line: number;
  /** The line as written, without its line break (and without the BOM on line 1). */
  text: string;
}

export interface AdsTxtRecord extends LineBase {
  kind: 'record';
  /** Lower-cased. */
  domain: string;
  sellerAccountId: string;
  relationship: AdsTxtRelationship;
  /** Lower-cased; absent when the field is. */
  certificationId?: string;
  extension?: string;
  warnings: readonly LineWarning[];
}

export interface AdsTxtVariable extends LineBase {
  kind: 'variable';
  /** Upper-cased. */
  name: string;
  value: string;
  warnings: readonly LineWarning[];
}

export interface AdsTxtMalformed extends LineBase {
  kind: 'malformed';
  reason: MalformedReason;
}

export type AdsTxtEntry = AdsTxtRecord | AdsTxtVariable | AdsTxtMalformed;

export interface ParsedAdsTxt {
  kind: AdsTxtFileKind;
  /** Lines in the file (a final line break does not start another). */
  lineCount: number;
  hadByteOrderMark: boolean;
  /** Records, variables and malformed lines in line order; comments and blank lines are left out. */
  entries: AdsTxtEntry[];
  /** The text looks like an HTML page (a site answering its error page at /ads.txt), not an ads.txt file. */
  looksLikeHtml: boolean;
}

const FIELDS: readonly AdsTxtField[] = ['domain', 'sellerAccountId', 'relationship', 'certificationId'];
const VARIABLE = /^([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*)$/;
const WHITE_SPACE = /\s/;
const USUAL_RECORD = /^([^\s,;]+)[ \t]*,[ \t]*([^\s,;]+)[ \t]*,[ \t]*([^\s,;]+)(?:[ \t]*,[ \t]*([^\s,;]+))?(?:[ \t]*;(.*))?$/;
const NO_WARNINGS: readonly LineWarning[] = Object.freeze([]);
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const LETTER = /[a-z]/;
const COUNTRY = /^[A-Za-z]{2}$/;

/** A host name of two labels or more: letters, digits and inner hyphens, the last label not all digits. */
export function isAdsTxtDomain(value: string): boolean {
  const labels = value.toLowerCase().split('.');
  return value.length <= 253 && labels.length >= 2 && labels.every((label) => LABEL.test(label)) && LETTER.test(labels[labels.length - 1] as string);
}

function withoutComment(text: string): string {
  const hash = text.indexOf('#');
  return (hash === -1 ? text : text.slice(0, hash)).trim();
}

/** What makes these comma-separated fields unusable as a record, if anything. */
function fieldsProblem(fields: readonly string[]): MalformedReason | null {
  if (fields.length === 1 && WHITE_SPACE.test(fields[0] as string)) return { code: 'noCommas' };
  for (let index = 0; index < Math.min(fields.length, FIELDS.length); index += 1) {
    if (WHITE_SPACE.test(fields[index] as string)) return { code: 'spaceInField', field: FIELDS[index] as AdsTxtField };
  }
  if (fields.length < 3) return { code: 'tooFewFields', count: fields.length };
  for (let index = 0; index < 3; index += 1) {
    if (fields[index] === '') return { code: 'emptyField', field: FIELDS[index] as AdsTxtField };
  }
  return null;
}

/**
 * The fields and extension of a record line, or why it has none. Nearly every line has the usual shape (3 or 4
 * fields without blanks, commas with blanks around them), which one regular expression takes apart; the others go
 * field by field to find what is wrong.
 */
function splitRecord(content: string): { fields: string[]; extension: string } | MalformedReason {
  const usual = USUAL_RECORD.exec(content);
  if (usual) {
    const [, domain = '', seller = '', relationship = '', certification, extension = ''] = usual;
    return { fields: certification === undefined ? [domain, seller, relationship] : [domain, seller, relationship, certification], extension: extension.trim() };
  }
  const semicolon = content.indexOf(';');
  const fields = (semicolon === -1 ? content : content.slice(0, semicolon)).split(',').map((field) => field.trim());
  return fieldsProblem(fields) ?? { fields, extension: semicolon === -1 ? '' : content.slice(semicolon + 1).trim() };
}

function parseRecord(base: LineBase, content: string, state: ParseState): AdsTxtRecord | AdsTxtMalformed {
  const malformed = (reason: MalformedReason): AdsTxtMalformed => ({ line: base.line, text: base.text, kind: 'malformed', reason });
  const split = splitRecord(content);
  if ('code' in split) return malformed(split);
  const { fields, extension } = split;

  const domainText = fields[0] as string;
  if (domainText.includes('/') || domainText.includes(':')) return malformed({ code: 'domainIsUrl', value: domainText });
  // Real files name the same few ad systems hundreds of times: each domain is checked once.
  let domainValid = state.domains.get(domainText);
  if (domainValid === undefined) state.domains.set(domainText, (domainValid = isAdsTxtDomain(domainText)));
  if (!domainValid) return malformed({ code: 'badDomain', value: domainText });
  const relationshipText = fields[2] as string;
  const relationship = relationshipText.toUpperCase();
  if (relationship !== 'DIRECT' && relationship !== 'RESELLER') return malformed({ code: 'badRelationship', value: relationshipText });

  const record: AdsTxtRecord = {
    line: base.line,
    text: base.text,
    kind: 'record',
    domain: domainText.toLowerCase(),
    sellerAccountId: fields[1] as string,
    relationship,
    warnings: fields.length > 4 ? [{ code: 'extraFields', count: fields.length - 4 }] : NO_WARNINGS,
  };
  const certificationId = fields[3];
  if (certificationId) record.certificationId = certificationId.toLowerCase();
  if (extension) record.extension = extension;
  return record;
}

interface ParseState {
  kind: AdsTxtFileKind;
  /** Whether each record domain seen so far is valid. */
  domains: Map<string, boolean>;
  ownerDomainLine?: number;
  /** First MANAGERDOMAIN line per country ('' for the one without). */
  managerDomainLines: Map<string, number>;
}

function parseVariable(base: LineBase, rawName: string, rawValue: string, state: ParseState): AdsTxtVariable | AdsTxtMalformed {
  const name = rawName.toUpperCase();
  const value = rawValue.trim();
  const malformed = (reason: MalformedReason): AdsTxtMalformed => ({ ...base, kind: 'malformed', reason });
  if (value === '') return malformed({ code: 'emptyVariable', name });
  const warnings: LineWarning[] = [];

  switch (name) {
    case 'OWNERDOMAIN':
    case 'INVENTORYPARTNERDOMAIN':
    case 'SUBDOMAIN':
      if (!isAdsTxtDomain(value)) return malformed({ code: 'badVariableDomain', name, value });
      if (name === 'OWNERDOMAIN') {
        // Spec: only the first OWNERDOMAIN counts.
        if (state.ownerDomainLine === undefined) state.ownerDomainLine = base.line;
        else warnings.push({ code: 'repeatedOwnerDomain', firstLine: state.ownerDomainLine });
      }
      if (name === 'SUBDOMAIN' && state.kind === 'app-ads.txt') warnings.push({ code: 'subdomainInAppAdsTxt' });
      break;
    case 'MANAGERDOMAIN': {
      const [domain = '', country, ...rest] = value.split(',').map((part) => part.trim());
      if (!isAdsTxtDomain(domain)) return malformed({ code: 'badVariableDomain', name, value: domain });
      if (country !== undefined && (!COUNTRY.test(country) || rest.length > 0)) return malformed({ code: 'badCountry', value: value.slice(value.indexOf(',') + 1).trim() });
      // Spec: at most one per country, plus one without a country.
      const key = country?.toUpperCase() ?? '';
      const firstLine = state.managerDomainLines.get(key);
      if (firstLine === undefined) state.managerDomainLines.set(key, base.line);
      else warnings.push({ code: 'repeatedManagerDomain', firstLine, country: key || null });
      break;
    }
    case 'CONTACT':
      break;
    default:
      warnings.push({ code: 'unknownVariable', name: rawName });
  }
  return { ...base, kind: 'variable', name, value, warnings };
}

export function parseAdsTxt(source: string, kind: AdsTxtFileKind = 'ads.txt'): ParsedAdsTxt {
  const hadByteOrderMark = source.charCodeAt(0) === 0xfeff;
  const text = hadByteOrderMark ? source.slice(1) : source;
  const lines = text.split(/\r\n|\r|\n/);
  // "a\n" is one line, not two.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const lineCount = text === '' ? 0 : lines.length;

  const state: ParseState = { kind, domains: new Map(), managerDomainLines: new Map() };
  const entries: AdsTxtEntry[] = [];
  let firstContent: string | undefined;
  for (let index = 0; index < lineCount; index += 1) {
    const raw = lines[index] as string;
    const content = withoutComment(raw);
    if (content === '') continue;
    firstContent ??= content;
    const base = { line: index + 1, text: raw };
    const variable = VARIABLE.exec(content);
    entries.push(variable ? parseVariable(base, variable[1] as string, variable[2] as string, state) : parseRecord(base, content, state));
  }
  const looksLikeHtml = firstContent !== undefined && /^<(!doctype|html|head|body|\?xml)\b/i.test(firstContent);
  return { kind, lineCount, hadByteOrderMark, entries, looksLikeHtml };
}
