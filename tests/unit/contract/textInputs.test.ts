// Text inputs are typed in one place: the contract's PlainText (README, Security, "Inputs"). This walks every
// operation's path, query and header parameters and request body, and fails on a string a caller chooses that is
// neither PlainText (or built on it), nor an enumeration, a date, or a pattern of ASCII characters only (which
// can match no control character and no surrogate). Then PlainText's own rule, as the server and as generated
// clients read it.
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { loadContract, schemaValidator } from '../../../server/src/http/contract';

type Schema = Record<string, unknown>;

const { document } = loadContract();
const PLAIN_TEXT = '#/components/schemas/PlainText';

function deref(node: Schema): Schema {
  let current = node;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Schema>((parent, part) => parent[part] as Schema, document as Schema);
  }
  return current;
}

/** The blocklist import's cells: PlainText but for control characters, which give a line its own verdict. */
const IMPORT_CELL = '#/components/schemas/ImportCell';

const builtOn = (schema: Schema, ref: string) => schema.$ref === ref || (Array.isArray(schema.allOf) && (schema.allOf as Schema[]).some((part) => part.$ref === ref));
const isPlainText = (schema: Schema) => builtOn(schema, PLAIN_TEXT);

/** A pattern of ASCII literals and positive ASCII classes only: no negated class, no '.' outside a class, no \S \W \D \u. */
function isAsciiPattern(pattern: unknown): boolean {
  if (typeof pattern !== 'string' || !/^[\x20-\x7e]*$/.test(pattern) || /\[\^|\\[SWDu]/.test(pattern)) return false;
  const outsideClasses = pattern.replace(/\[(\\.|[^\]\\])*\]/g, '');
  return !/(^|[^\\])\./.test(outsideClasses);
}

/** Every string a caller writes, by where it sits, with what types it ("PlainText", "enum", ...). */
function textInputs(): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (raw: Schema, where: string, seen: Set<string>): void => {
    if (isPlainText(raw)) return void found.set(where, 'PlainText');
    if (builtOn(raw, IMPORT_CELL)) return void found.set(where, 'ImportCell');
    const ref = typeof raw.$ref === 'string' ? raw.$ref : null;
    if (ref && seen.has(ref)) return;
    const schema = deref(raw);
    const next = ref ? new Set([...seen, ref]) : seen;
    if (schema.readOnly) return;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('string')) {
      if (Array.isArray(schema.enum) || 'const' in schema) found.set(where, 'enum');
      else if (schema.format === 'date' || schema.format === 'date-time') found.set(where, `format ${schema.format}`);
      else if (isAsciiPattern(schema.pattern)) found.set(where, `ASCII pattern ${ref ?? ''}`.trim());
      else found.set(where, `untyped text ${JSON.stringify(schema)}`);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      if (Array.isArray(schema[key])) for (const part of schema[key] as Schema[]) visit(part, where, next);
    }
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) visit(property, `${where}/${name}`, next);
    if (schema.items) visit(schema.items as Schema, `${where}/*`, next);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') visit(schema.additionalProperties as Schema, `${where}/*`, next);
  };
  for (const [path, rawItem] of Object.entries(document.paths as Record<string, Schema>)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = rawItem[method] as Schema | undefined;
      if (!operation) continue;
      const parameters = [...((rawItem.parameters as Schema[]) ?? []), ...((operation.parameters as Schema[]) ?? [])].map(deref);
      for (const parameter of parameters) {
        // Cookies are not validated by the contract (the known_device cookie is an HMAC the server checks).
        if (parameter.in !== 'cookie') visit(parameter.schema as Schema, `${operation.operationId} ${parameter.in} ${parameter.name}`, new Set());
      }
      const body = operation.requestBody ? deref(operation.requestBody as Schema) : undefined;
      const schema = ((body?.content as Schema | undefined)?.['application/json'] as Schema | undefined)?.schema as Schema | undefined;
      if (schema) visit(schema, `${operation.operationId} body`, new Set());
    }
    void path;
  }
  return found;
}

const inputs = (() => {
  let found: Map<string, string> | undefined;
  return () => (found ??= textInputs());
})();

describe('text inputs of the contract', () => {
  const inputs = textInputs();

  it('are all PlainText, an enumeration, a date or an ASCII pattern', () => {
    const untyped = [...inputs].filter(([, kind]) => kind.startsWith('untyped')).map(([where, kind]) => `${where}: ${kind}`);
    expect(untyped).toEqual([]);
  });

  it('include the names, search terms, patterns and passwords in every location (the walk sees them)', () => {
    expect(inputs.get('requestZone body/name')).toBe('PlainText');
    expect(inputs.get('requestSlots body/slots/*/name')).toBe('PlainText');
    expect(inputs.get('addBlockedUrls body/zoneAssetUrlFilterPatternParamList/*/pattern')).toBe('PlainText');
    expect(inputs.get('searchZones query names/*')).toBe('PlainText');
    expect(inputs.get('renderDashboardFrame query token')).toBe('PlainText');
    expect(inputs.get('login body/password')).toBe('PlainText');
    expect(inputs.get('login body/email')).toBe('ASCII pattern #/components/schemas/Email');
    expect(inputs.get('exportRestrictions path entity')).toBe('enum');
  });
});

describe('PlainText', () => {
  const { pattern } = deref({ $ref: PLAIN_TEXT }) as { pattern: string };
  const server = schemaValidator('PlainText');
  // How other engines read it: JavaScript without the u flag (UTF-16 code units), and Ajv's default (with it).
  const codeUnits = new RegExp(pattern);
  const codePoints = new RegExp(pattern, 'u');
  const strictAjv = new Ajv2020({ unicodeRegExp: false }).compile({ type: 'string', pattern });

  it.each([
    ['', true],
    ['Atlas Homepage', true],
    ['ニュース — été\u00a0', true],
    ['💥 𝔘𝔫𝔦 \ud83d\udca5', true],
    ['\ud800', false],
    ['x\udfff', false],
    ['\udc00\ud800', false],
    ['💥\ud83d', false],
    ['a\u0000b', false],
    ['\u0085', false],
    ['\u009f', false],
    ['\u007f', false],
    ['tab\there', false],
  ])('takes %j: %s, whichever way a regular expression engine counts characters', (text, accepted) => {
    expect(server(text)).toBe(accepted);
    expect(codeUnits.test(text)).toBe(accepted);
    expect(codePoints.test(text)).toBe(accepted);
    expect(strictAjv(text)).toBe(accepted);
  });
});

describe('ImportCell', () => {
  const { pattern } = deref({ $ref: IMPORT_CELL }) as { pattern: string };
  const codeUnits = new RegExp(pattern);
  const codePoints = new RegExp(pattern, 'u');

  it('types the blocklist import cells alone', () => {
    expect([...inputs()].filter(([, kind]) => kind === 'ImportCell').map(([where]) => where).sort()).toEqual([
      'checkRestrictionImport body/entries/*/type',
      'checkRestrictionImport body/entries/*/value',
      'importRestrictions body/entries/*/type',
      'importRestrictions body/entries/*/value',
    ]);
  });

  it.each([
    ['tab\there', true],
    ['a\u0000b', true],
    ['💥 \ud83d\udca5', true],
    ['\ud800', false],
    ['x\udfff', false],
    ['💥\ud83d', false],
  ])('takes %j: %s (control characters are judged per line; a lone surrogate is never text)', (text, accepted) => {
    expect(codeUnits.test(text)).toBe(accepted);
    expect(codePoints.test(text)).toBe(accepted);
  });
});
