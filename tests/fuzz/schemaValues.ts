// fast-check arbitraries derived from the contract's JSON Schemas: values a schema accepts (as far as a generator
// can tell: patterns and formats are honoured, cross-field rules are the server's to refuse), and edge values a
// server must refuse or survive (control characters, lone surrogates, out-of-range numbers, wrong types).
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

export interface SchemaContext {
  /** The contract document, for $ref (any #/... pointer). */
  document: Schema;
  /**
   * Values worth using for a property or parameter of this name (`name[]` for an array's items), ids the
   * signed-in user's data holds and others; `operationId:name` ones apply to that operation only and come first.
   */
  known: Readonly<Record<string, readonly unknown[]>>;
  /** The operation the values are for. */
  operationId?: string;
}

export function deref(schema: unknown, context: SchemaContext): Schema {
  let node = (schema ?? {}) as Schema;
  for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops++) {
    const pointer = node.$ref.replace(/^#\//, '').split('/');
    node = pointer.reduce<Schema>((parent, part) => parent[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema, context.document);
  }
  return node;
}

/** Text a malicious or careless client sends: control characters, surrogates, injections, sizes around limits. */
export const EDGE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'name\u0000',
  '\u0007bell',
  'line\nbreak',
  'tab\there',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\ud800',
  'x\udfff',
  '\udbff\udbff',
  'a\udc00b',
  '💥'.slice(0, 1),
  '\u202eevil',
  '\ufeff',
  '💥💥💥',
  'Ａ',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '%',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '=cmd|" /C calc"!A0',
  '${7*7}',
  '\\',
  '-1',
  '0',
  '1.5',
  '1e309',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  'a'.repeat(300),
  'b'.repeat(5000),
];

export const EDGE_NUMBERS: readonly number[] = [0, -1, 1.5, -0.5, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1e308];

const EDGE_SHAPES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 'a'],
  { a: 1 },
  [[[[[]]]]],
  // Own keys named like the prototype chain (an object literal's __proto__ would set the prototype instead).
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
];

/** A value of any JSON type, biased to the edges; with `schema`, also values just past its own limits. */
export function edgeValue(schema?: Schema): fc.Arbitrary<unknown> {
  const limits: unknown[] = [];
  if (schema) {
    if (typeof schema.maxLength === 'number') limits.push('x'.repeat(schema.maxLength + 1));
    if (typeof schema.minLength === 'number' && schema.minLength > 0) limits.push('x'.repeat(schema.minLength - 1));
    if (typeof schema.maximum === 'number') limits.push(schema.maximum + 1);
    if (typeof schema.minimum === 'number') limits.push(schema.minimum - 1);
    if (Array.isArray(schema.enum)) limits.push(...schema.enum.map((value) => (typeof value === 'string' ? `${value.toLowerCase()} ` : `${value}`)));
    if (typeof schema.maxItems === 'number') limits.push(Array.from({ length: schema.maxItems + 1 }, (_, i) => i + 1));
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_SHAPES) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
    { weight: limits.length ? 4 : 0, arbitrary: limits.length ? fc.constantFrom(...limits) : fc.constant(null) },
  );
}

// NUL thrice: PostgreSQL text cannot hold it at all, so it is the one most likely to reach an unguarded query.
const CONTROL_CHARACTERS = ['\u0000', '\u0000', '\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];
// Lone UTF-16 surrogates: JSON carries them ("\ud800"), UTF-8 and PostgreSQL cannot (jsonb refuses, text keeps U+FFFD).
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

/**
 * A value close to `value` that a server must still handle: a string with a control character or a lone
 * surrogate slipped in, a
 * number just past the int4 or safe-integer range or made fractional, the same value as another type; otherwise
 * (a third of the time) any edge value.
 */
export function nearValue(value: unknown): fc.Arbitrary<unknown> {
  let near: fc.Arbitrary<unknown> | undefined;
  if (typeof value === 'string') {
    near = fc
      .tuple(fc.nat(value.length), fc.constantFrom(...CONTROL_CHARACTERS, ...LONE_SURROGATES))
      .map(([at, inserted]) => `${value.slice(0, at)}${inserted}${value.slice(at)}`);
  } else if (typeof value === 'number') {
    near = fc.constantFrom(2147483648, -2147483649, 2 ** 53 + 2, value + 0.5, -value, String(value), 1e21);
  } else if (typeof value === 'boolean') {
    near = fc.constantFrom(String(value), Number(value), null);
  } else if (Array.isArray(value)) {
    const reshaped = fc.constantFrom([], [...value, ...value], [value], value.length ? value[0] : null);
    near = value.length
      ? fc.oneof(reshaped, fc.nat(value.length - 1).chain((at) => nearValue(value[at]).map((item) => value.map((old, i) => (i === at ? item : old)))))
      : reshaped;
  }
  return near ? fc.oneof({ weight: 2, arbitrary: near }, { weight: 1, arbitrary: edgeValue() }) : edgeValue();
}

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** Every pattern a string must match: its own and those of its allOf parts. */
function patterns(schema: Schema, context: SchemaContext): RegExp[] {
  const own = typeof schema.pattern === 'string' ? [new RegExp(schema.pattern, 'u')] : [];
  const parts = Array.isArray(schema.allOf) ? schema.allOf.flatMap((part) => patterns(deref(part, context), context)) : [];
  return [...own, ...parts];
}

function stringValue(schema: Schema, context: SchemaContext): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 60;
  const rules = patterns(schema, context);
  let base: fc.Arbitrary<string>;
  if (schema.format === 'email') base = fc.emailAddress({ size: 'xsmall' });
  else if (schema.format === 'date' || schema.format === 'date-time') {
    const iso = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    base = schema.format === 'date' ? iso.map((text) => text.slice(0, 10)) : iso;
  } else if (rules.length === 1) {
    // fast-check generates from a pattern without lookaheads (the e-mail's length rule): the filter below checks them.
    const generable = new RegExp(rules[0]!.source.replace(/\(\?[=!][^()]*\)/g, ''), 'u');
    base = fc.stringMatching(generable, { size: 'small' });
  }
  else {
    // Several patterns (a password's character classes): a string holding one of each class, then any text.
    base = fc
      .tuple(fc.constantFrom('a', 'q', 'z'), fc.constantFrom('A', 'Q', 'Z'), fc.nat(9), fc.constantFrom('#', '!', '-', ' ', 'é'), fc.string({ maxLength: 12 }))
      .map(([lower, upper, digit, special, rest]) => `${lower}${upper}${digit}${special}${rest}`);
  }
  return base
    .map((text) => (text.length < minLength ? text.padEnd(minLength, 'x') : text.slice(0, maxLength)))
    .filter((text) => rules.every((rule) => rule.test(text)));
}

/** Converts a known value to the schema's type (ids sent as decimal strings, as some bodies carry them). */
function conform(value: unknown, schema: Schema): unknown {
  return types(schema).includes('string') && typeof value === 'number' ? String(value) : value;
}

/** Values `schema` accepts; `name` (property or parameter) picks known values of that name most of the time. */
export function validValue(rawSchema: unknown, context: SchemaContext, name?: string): fc.Arbitrary<unknown> {
  const schema = deref(rawSchema, context);
  const own = ownValue(schema, context, name);
  const known = name ? (context.known[`${context.operationId}:${name}`] ?? context.known[name]) : undefined;
  if (!known?.length) return own;
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known).map((value) => conform(value, schema)) }, { weight: 1, arbitrary: own });
}

function ownValue(schema: Schema, context: SchemaContext, name?: string): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.examples) && schema.examples.length) return fc.constantFrom(...(schema.examples as unknown[]));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return fc.oneof(...options.map((option) => validValue(option, context)));
  }
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => ownValue({ ...schema, type }, context, name)));
  switch (kinds[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min, 0) + 1000;
      return fc.integer({ min, max });
    }
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1e6;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string':
      return stringValue(schema, context);
    case 'array': {
      // Short arrays: every item must be right for the whole to pass, and the items are what is being tried.
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, minLength + 2);
      const items = validValue(schema.items, context, name === undefined ? undefined : `${name}[]`);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object': {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(([, property]) => !deref(property, context).readOnly);
      const required = new Set((schema.required ?? []) as string[]);
      return fc.record(Object.fromEntries(properties.map(([key, property]) => [key, validValue(property, context, key)])), {
        requiredKeys: properties.map(([key]) => key).filter((key) => required.has(key)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
