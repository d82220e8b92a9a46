// The second half of `npm run api:types` (the first is openapi-typescript): writes openapi/portal.rules.ts, the
// contract's input rules as data for the console's validators (src/lib/contractRules.ts), so that a rule lives
// once, in openapi/portal.yaml. For every operation: each request-body field and each query parameter with its
// required, minLength, maxLength, patterns, enum, minimum/maximum and minItems/maxItems, gathered through $ref
// and allOf as the server's validator applies them (every one must hold: the tightest bound wins). A oneOf or
// anyOf of several schemas is kept as `anyOf`; a `type: 'null'` alternative makes the field `nullable`.
//
// Field names: `name`; a nested object's field `domain.domain`; an array's items `domains[]`, their fields
// `slots[].name`; a body that is itself an array `[]` and `[].restrictions` ('' is the body itself).
// tests/unit/contract/rules.test.ts checks the committed file against the contract, as types.test.ts does the types.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseContractYaml } from '../server/src/http/contract';

type Json = Record<string, unknown>;
type Value = string | number;

export interface ContractRule {
  type?: string;
  nullable?: true;
  required?: true;
  minLength?: number;
  maxLength?: number;
  /** Every one must match (JSON Schema `pattern`, ECMAScript syntax, read with the `u` flag as the server does). */
  patterns?: string[];
  enum?: Value[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** One of these must hold (oneOf / anyOf in the contract). */
  anyOf?: ContractRule[];
}

export interface OperationRules {
  body: Record<string, ContractRule>;
  query: Record<string, ContractRule>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACT_FILE = path.join(ROOT, 'openapi/portal.yaml');
export const RULES_FILE = path.join(ROOT, 'openapi/portal.rules.ts');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function pointer(document: Json, ref: string): Json {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Json>((node, part) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, document);
}

/** A schema's own rule and the object shape it gives (properties and required), through $ref and allOf. */
function gather(document: Json, schema: Json, seen: readonly string[] = []): { rule: ContractRule; properties: Record<string, Json>; required: Set<string>; items?: Json } {
  const rule: ContractRule = {};
  const properties: Record<string, Json> = {};
  const required = new Set<string>();
  let items: Json | undefined;
  const merge = (other: ReturnType<typeof gather>) => {
    mergeRule(rule, other.rule);
    Object.assign(properties, other.properties);
    for (const name of other.required) required.add(name);
    items ??= other.items;
  };
  if (typeof schema.$ref === 'string' && !seen.includes(schema.$ref)) merge(gather(document, pointer(document, schema.$ref), [...seen, schema.$ref]));
  for (const part of (schema.allOf as Json[] | undefined) ?? []) merge(gather(document, part, seen));

  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const own = types.filter((type) => type !== 'null');
  if (own.length === 1) rule.type = own[0];
  if (types.includes('null')) rule.nullable = true;
  mergeRule(rule, {
    minLength: schema.minLength as number | undefined,
    maxLength: schema.maxLength as number | undefined,
    patterns: typeof schema.pattern === 'string' ? [schema.pattern] : undefined,
    enum: Array.isArray(schema.enum) ? (schema.enum as (Value | null)[]).filter((value): value is Value => value !== null) : 'const' in schema ? [schema.const as Value] : undefined,
    minimum: schema.minimum as number | undefined,
    maximum: schema.maximum as number | undefined,
    minItems: schema.minItems as number | undefined,
    maxItems: schema.maxItems as number | undefined,
  });
  if (Array.isArray(schema.enum) && (schema.enum as unknown[]).includes(null)) rule.nullable = true;

  const alternatives = [...((schema.oneOf as Json[] | undefined) ?? []), ...((schema.anyOf as Json[] | undefined) ?? [])];
  const kept = alternatives.filter((alternative) => alternative.type !== 'null');
  if (kept.length < alternatives.length) rule.nullable = true;
  // Alternatives that only say which properties are required (SecondFactorRequest) give no rule of a value.
  const valued = kept.filter((alternative) => !(Object.keys(alternative).length === 1 && 'required' in alternative));
  if (valued.length === 1) merge(gather(document, valued[0]!, seen));
  else if (valued.length > 1) rule.anyOf = valued.map((alternative) => gather(document, alternative, seen).rule);

  Object.assign(properties, (schema.properties as Record<string, Json> | undefined) ?? {});
  for (const name of (schema.required as string[] | undefined) ?? []) required.add(name);
  if (schema.items && typeof schema.items === 'object') items = schema.items as Json;
  return { rule, properties, required, items };
}

/** Both must hold: the tighter bound of each kind, every pattern, the values both allow. */
function mergeRule(into: ContractRule, other: ContractRule): void {
  const tighter = (key: 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'maxItems', pick: (a: number, b: number) => number) => {
    const value = other[key];
    if (value !== undefined) into[key] = into[key] === undefined ? value : pick(into[key], value);
  };
  tighter('minLength', Math.max);
  tighter('maxLength', Math.min);
  tighter('minimum', Math.max);
  tighter('maximum', Math.min);
  tighter('minItems', Math.max);
  tighter('maxItems', Math.min);
  if (other.patterns) into.patterns = [...new Set([...(into.patterns ?? []), ...other.patterns])];
  if (other.enum) into.enum = into.enum ? into.enum.filter((value) => other.enum!.includes(value)) : [...other.enum];
  if (other.type && !into.type) into.type = other.type;
  if (other.nullable) into.nullable = true;
  if (other.anyOf) into.anyOf = other.anyOf;
}

function addFields(document: Json, out: Record<string, ContractRule>, name: string, schema: Json, required: boolean, depth: number): void {
  if (depth > 8) return;
  const { rule, properties, required: requiredNames, items } = gather(document, schema);
  const clean = Object.fromEntries(Object.entries({ ...rule, ...(required ? { required: true } : {}) }).filter(([, value]) => value !== undefined)) as ContractRule;
  // A body's own object type says nothing a form can check: kept only when it has a bound (an array body).
  if (Object.keys(clean).length && !(name === '' && Object.keys(clean).every((key) => key === 'type'))) out[name] = clean;
  const prefix = name === '' ? '' : `${name}.`;
  for (const [property, child] of Object.entries(properties)) {
    if ((child as Json).readOnly) continue;
    addFields(document, out, `${prefix}${property}`, child, requiredNames.has(property), depth + 1);
  }
  if (items) addFields(document, out, `${name}[]`, items, false, depth + 1);
}

/** The rules of every operation that takes a JSON body or query parameters, in the contract's order. */
export function contractRules(document: Json): Record<string, OperationRules> {
  const rules: Record<string, OperationRules> = {};
  for (const item of Object.values(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const body: Record<string, ContractRule> = {};
      const query: Record<string, ContractRule> = {};
      const requestBody = operation.requestBody ? gatherRef(document, operation.requestBody as Json) : undefined;
      const schema = ((requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
      if (schema) addFields(document, body, '', schema, false, 0);
      const parameters = [...((item.parameters as Json[]) ?? []), ...((operation.parameters as Json[]) ?? [])].map((parameter) => gatherRef(document, parameter));
      for (const parameter of parameters.filter((p) => p.in === 'query')) {
        addFields(document, query, parameter.name as string, parameter.schema as Json, Boolean(parameter.required), 0);
      }
      if (Object.keys(body).length || Object.keys(query).length) rules[operation.operationId as string] = { body, query };
    }
  }
  return rules;
}

function gatherRef(document: Json, node: Json): Json {
  let current = node;
  while (typeof current.$ref === 'string') current = pointer(document, current.$ref);
  return current;
}

const HEADER = `// Generated by \`npm run api:types\` (scripts/apiRules.ts) from openapi/portal.yaml: do not edit by hand.
// The contract's input rules by operationId and field (scripts/apiRules.ts says how fields are named); the
// console's validators read them (src/lib/contractRules.ts). One export per operation, so a page that needs one
// operation's rules does not load them all.
`;

/** The source of openapi/portal.rules.ts for a contract's text. */
export function rulesModule(yamlText: string): string {
  const rules = contractRules(parseContractYaml(yamlText));
  const operations = Object.keys(rules);
  // A pattern met more than once (PlainText's, Email's) is written once, as a constant the rules name.
  const uses = new Map<string, number>();
  const countPatterns = (rule: ContractRule) => {
    for (const pattern of rule.patterns ?? []) uses.set(pattern, (uses.get(pattern) ?? 0) + 1);
    for (const alternative of rule.anyOf ?? []) countPatterns(alternative);
  };
  for (const id of operations) for (const rule of [...Object.values(rules[id]!.body), ...Object.values(rules[id]!.query)]) countPatterns(rule);
  const shared = [...uses].filter(([, count]) => count > 1).map(([pattern]) => pattern);
  const names = new Map(shared.map((pattern, index) => [pattern, `PATTERN_${index + 1}`]));
  const ruleText = (rule: ContractRule): string =>
    `{${Object.entries(rule)
      .map(([key, value]) => {
        if (key === 'patterns') return `"patterns":[${(value as string[]).map((pattern) => names.get(pattern) ?? JSON.stringify(pattern)).join(',')}]`;
        if (key === 'anyOf') return `"anyOf":[${(value as ContractRule[]).map(ruleText).join(',')}]`;
        return `${JSON.stringify(key)}:${JSON.stringify(value)}`;
      })
      .join(',')}}`;
  const fields = (of: Record<string, ContractRule>) =>
    Object.entries(of).map(([field, rule]) => `    ${JSON.stringify(field)}: ${ruleText(rule)},\n`).join('');
  const constants = shared.map((pattern) => `const ${names.get(pattern)} = ${JSON.stringify(pattern)};\n`).join('');
  const body = operations
    .map((id) => `export const ${id} = {\n  body: {\n${fields(rules[id]!.body)}  },\n  query: {\n${fields(rules[id]!.query)}  },\n} as const;\n`)
    .join('\n');
  return `${HEADER}\n${constants}\n${body}\n/** Every operation's rules, by operationId. */\nexport const CONTRACT_RULES = {\n${operations.map((id) => `  ${id},`).join('\n')}\n} as const;\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [from = CONTRACT_FILE, to = RULES_FILE] = process.argv.slice(2);
  writeFileSync(to, rulesModule(readFileSync(from, 'utf8')));
  console.log(`${path.relative(process.cwd(), from)} → ${path.relative(process.cwd(), to)}`);
}
