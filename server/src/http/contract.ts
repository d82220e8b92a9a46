// The OpenAPI document is the only copy of the schemas: this module reads it once and compiles, per
// operation, validators for path, query, headers and body (requests) and for every JSON answer (responses).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorDetail } from './errors';

export const CONTRACT_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../openapi/portal.yaml');

type Json = Record<string, unknown>;

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Json;
}

export interface OperationSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. /external/zones/{zoneId}. */
  path: string;
  /** Fastify path, e.g. /external/zones/:zoneId. */
  routePath: string;
  secured: boolean;
  /** The first 2xx status in the document: the answer when a handler does not choose one. */
  successStatus: number;
  hasJsonBody: boolean;
  bodyRequired: boolean;
  /** `x-portal-body-limit`: a larger body than BODY_LIMIT_BYTES this operation takes (a whole blocklist). */
  bodyLimit?: number;
  /** Declares the Idempotency-Key header (the creating POSTs, http/idempotency.ts). */
  idempotent: boolean;
  /** Validates and coerces in place (query strings to numbers/arrays, defaults filled). Null when valid. */
  validateRequest(parts: { params: unknown; query: unknown; headers: unknown; body: unknown }): ErrorDetail[] | null;
  /** Null when valid or when the answer is not JSON. */
  validateResponse(status: number, body: unknown): ErrorDetail[] | null;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        out[key] = `portal#/$defs/${value.slice('#/components/schemas/'.length)}`;
      } else if (!key.startsWith('x-')) {
        out[key] = rewriteRefs(value);
      }
    }
    return out;
  }
  return node;
}

function resolve<T>(doc: Json, node: unknown): T {
  let current = node as Json;
  while (current && typeof current.$ref === 'string' && !current.$ref.startsWith('#/components/schemas/')) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce<Json>((acc, part) => acc[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, doc);
  }
  return current as T;
}

function toDetails(location: string, errors: ErrorObject[] | null | undefined): ErrorDetail[] {
  return (errors ?? []).map((error) => {
    let field = `${location}${error.instancePath}`;
    if (error.keyword === 'required') field += `/${(error.params as { missingProperty: string }).missingProperty}`;
    if (error.keyword === 'additionalProperties') field += `/${(error.params as { additionalProperty: string }).additionalProperty}`;
    return { field, message: error.message ?? 'is invalid' };
  });
}

function createAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
  });
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  addFormats(ajv);
  return ajv;
}

/** `make()` on the first call, its result after; listed in `all` for compileAll. */
function once<T>(make: () => T, all?: (() => unknown)[]): () => T {
  let made: { value: T } | undefined;
  const get = () => (made ??= { value: make() }).value;
  all?.push(get);
  return get;
}

// Read once per process, each validator compiled at its first use: a test worker builds dozens of apps (compiling
// every operation took 1-3 s on this machine, a schema validator up to 0.7 s). They hold no state of an app: the
// validators only coerce the request parts they are given.
const contracts = new Map<string, Contract>();
const documents = new Map<string, Json>();

/**
 * The contract's YAML as data. js-yaml, about five times quicker than the `yaml` package on this file (a server
 * start parsed it in 1 s under load), with YAML 1.2's core schema: an unquoted date stays a string, as in the
 * document's JSON form.
 */
export function parseContractYaml(text: string): Json {
  return loadYaml(text, { schema: CORE_SCHEMA }) as Json;
}

/** The contract as parsed from its YAML, once per process (the API docs serve it too). Read it, never change it. */
export function contractDocument(file = CONTRACT_PATH): Json {
  let document = documents.get(file);
  if (!document) {
    document = parseContractYaml(readFileSync(file, 'utf8'));
    documents.set(file, document);
  }
  return document;
}
const schemaValidators = new Map<string, (value: unknown) => boolean>();

/**
 * A validator of one of the contract's named schemas (components/schemas/<name>) for values that are neither a
 * request nor an answer, such as the JWT payload.
 */
export function schemaValidator(name: string, file = CONTRACT_PATH): (value: unknown) => boolean {
  const key = `${file}#${name}`;
  let validator = schemaValidators.get(key);
  if (!validator) {
    validator = compileSchemaValidator(name, file);
    schemaValidators.set(key, validator);
  }
  return validator;
}

function compileSchemaValidator(name: string, file: string): (value: unknown) => boolean {
  const document = contractDocument(file);
  const ajv = createAjv(false);
  ajv.addSchema({ $id: 'portal', $defs: rewriteRefs((document.components as Json).schemas) });
  const validate = ajv.getSchema(`portal#/$defs/${name}`);
  if (!validate) throw new Error(`The contract has no schema ${name}`);
  return (value) => validate(value) === true;
}

export interface Contract {
  document: Json;
  operations: OperationSpec[];
  /** Compiles every validator now, throwing on a schema that cannot compile: production does at start-up. */
  compileAll(): void;
}

/** The contract's document and its operations with their validators. */
export function loadContract(file = CONTRACT_PATH): Contract {
  let contract = contracts.get(file);
  if (!contract) {
    contract = compileContract(file);
    contracts.set(file, contract);
  }
  return contract;
}

function compileContract(file: string): Contract {
  const document = contractDocument(file);
  const components = document.components as Json;
  const defs = rewriteRefs(components.schemas);
  // Path, query and header values arrive as strings: coerce them. Bodies are JSON: never coerce them.
  const lenient = createAjv(true);
  const strict = createAjv(false);
  for (const ajv of [lenient, strict]) ajv.addSchema({ $id: 'portal', $defs: defs });

  const globalSecured = Array.isArray(document.security) && document.security.length > 0;
  const operations: OperationSpec[] = [];
  const validators: (() => unknown)[] = [];

  for (const [openapiPath, rawItem] of Object.entries(document.paths as Json)) {
    const item = rawItem as Json;
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const operationId = operation.operationId as string;
      const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((p) =>
        resolve<ParameterObject>(document, p),
      );

      const locationSchema = (where: ParameterObject['in'], closed: boolean) => {
        const own = parameters.filter((p) => p.in === where);
        const name = (p: ParameterObject) => (where === 'header' ? p.name.toLowerCase() : p.name);
        return {
          type: 'object',
          properties: Object.fromEntries(own.map((p) => [name(p), rewriteRefs(p.schema)])),
          required: own.filter((p) => p.required || where === 'path').map(name),
          additionalProperties: !closed,
        };
      };
      const validatePath = once(() => lenient.compile(locationSchema('path', true)), validators);
      const validateQuery = once(() => lenient.compile(locationSchema('query', true)), validators);
      const validateHeaders = once(() => lenient.compile(locationSchema('header', false)), validators);

      const requestBody = operation.requestBody ? resolve<Json>(document, operation.requestBody) : undefined;
      const bodySchema = (requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined;
      const validateBody = bodySchema ? once(() => strict.compile(rewriteRefs(bodySchema.schema) as Json), validators) : undefined;
      const bodyRequired = Boolean(requestBody?.required);

      const responses = operation.responses as Json;
      const responseValidators = new Map<number, (() => ValidateFunction) | 'empty' | 'not-json'>();
      for (const [status, rawResponse] of Object.entries(responses)) {
        const response = resolve<Json>(document, rawResponse);
        const content = response.content as Json | undefined;
        const json = content?.['application/json'] as Json | undefined;
        responseValidators.set(
          Number(status),
          json ? once(() => strict.compile(rewriteRefs(json.schema) as Json), validators) : content ? 'not-json' : 'empty',
        );
      }
      const successStatus = [...responseValidators.keys()].filter((s) => s >= 200 && s < 300).sort()[0] ?? 200;
      const secured = operation.security ? (operation.security as unknown[]).length > 0 : globalSecured;

      operations.push({
        operationId,
        method: method.toUpperCase() as OperationSpec['method'],
        path: openapiPath,
        routePath: openapiPath.replace(/\{(\w+)\}/g, ':$1'),
        secured,
        successStatus,
        hasJsonBody: Boolean(validateBody),
        bodyRequired,
        bodyLimit: typeof operation['x-portal-body-limit'] === 'number' ? operation['x-portal-body-limit'] : undefined,
        idempotent: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
        validateRequest({ params, query, headers, body }) {
          const details: ErrorDetail[] = [];
          const [pathOk, queryOk, headersOk] = [validatePath(), validateQuery(), validateHeaders()];
          if (!pathOk(params)) details.push(...toDetails('/path', pathOk.errors));
          if (!queryOk(query)) details.push(...toDetails('/query', queryOk.errors));
          if (!headersOk(headers)) details.push(...toDetails('/header', headersOk.errors));
          if (validateBody) {
            if (body === undefined || body === null) {
              if (bodyRequired) details.push({ field: '/body', message: 'request body is required' });
            } else {
              const validator = validateBody();
              if (!validator(body)) details.push(...toDetails('/body', validator.errors));
            }
          }
          return details.length ? details : null;
        },
        validateResponse(status, body) {
          const validator = responseValidators.get(status);
          if (validator === undefined) return [{ field: '/status', message: `status ${status} is not in the contract` }];
          if (validator === 'not-json') return null;
          if (validator === 'empty') return body === undefined || body === null || body === '' ? null : [{ field: '/body', message: 'must be empty' }];
          const validate = validator();
          return validate(body) ? null : toDetails('/response', validate.errors);
        },
      });
    }
  }
  return { document, operations, compileAll: () => validators.forEach((compile) => compile()) };
}
