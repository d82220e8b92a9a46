// Contract fuzzer: for every operation of openapi/portal.yaml it derives requests from the contract, valid ones
// and ones mutated in one place (a path parameter, the route itself, the method, a query parameter, a header, a
// body node, the raw body, its content type, its size), sends them in-process to a fresh server signed in as an
// external user, and reports every answer that is a 5xx, carries a status the operation does not declare (a
// method the path lacks must get 405 with the path's methods in Allow), breaks the declared schema, or leaves
// without Cache-Control. Generation is fast-check's, from a fixed seed: the same seed and count give the same
// requests in the same order.
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_PREFIXES } from '../../server/src/app';
import type { TokenService } from '../../server/src/auth/tokens';
import { signIn } from '../../server/src/auth/sessions';
import type { Queryable } from '../../server/src/db/db';
import { loadContract, schemaValidator, type OperationSpec } from '../../server/src/http/contract';
import { deref, edgeValue, nearValue, validValue, type Schema, type SchemaContext } from './schemaValues';

export type Mutation = 'valid' | 'path' | 'route' | 'method' | 'query' | 'header' | 'body' | 'raw-body' | 'content-type' | 'oversized' | 'unexpected-body';

export interface FuzzRequest {
  operationId: string;
  mutation: Mutation;
  method: InjectOptions['method'] & string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** What the checks read of an answer. */
export type FuzzAnswer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>;

export interface FuzzTarget {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Bearer token of the external user the requests act as. */
  token: string;
  /** Values worth sending per property or parameter name (knownValues). */
  known: Readonly<Record<string, readonly unknown[]>>;
  bodyLimitBytes: number;
}

export interface FuzzFailure {
  index: number;
  request: FuzzRequest;
  status: number;
  problems: string[];
  body: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  ms: number;
  failures: FuzzFailure[];
  failureCount: number;
  /** "operationId: problem" -> how many answers had it. */
  problemCounts: Map<string, number>;
  /** operationId -> status -> answers. */
  statuses: Map<string, Map<number, number>>;
  /** operationId -> milliseconds spent on its requests. */
  msByOperation: Map<string, number>;
}

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
type Parts = { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown };

/** Statuses an address that matches no operation may get (the router's and the not-found handler's own). */
const NO_OPERATION_STATUSES = new Set([400, 404, 413, 414, 415]);
/** A lone surrogate as a URL can try to carry one: its three UTF-8-like bytes (CESU-8), which are no UTF-8. */
const RAW_SURROGATES = ['%ED%A0%80', '%ED%BF%BF', 'x%ED%B0%80'];
const RAW_PATH_VALUES = ['%', '%ZZ', '%E0%A4%A', '%00', '1'.repeat(120), '%2e%2e', '..', '-0', '0x10', '1 ', ' 1', ...RAW_SURROGATES];
/**
 * Methods a path may not have: the API's own (another operation's), and ones it has nowhere (TRACE, QUERY with
 * or without a body, an OPTIONS that is no CORS preflight, WebDAV's). HEAD is not among them: every GET has it.
 */
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'QUERY', 'OPTIONS', 'PROPFIND', 'SEARCH'];
const ALLOW_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const MALFORMED_JSON = ['{', '{"a":', '[1,]', 'nul', '\u0000', '{"a":1}trailing', "{'a':1}", '"\ud800"', '['.repeat(20_000), '{"a":'.repeat(5000), ''];
const CONTENT_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/jsonx', ';;;'];

/** Percent-encoded UTF-8; a lone surrogate (which no URL can carry) goes as the replacement character. */
const encode = (value: unknown) =>
  encodeURIComponent(Buffer.from(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)).toString());

/** Every node of a JSON value, as a path of keys, the root ([]) included. */
function nodePaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const own = [prefix];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, i) => nodePaths(item, [...prefix, i]))];
  if (value && typeof value === 'object') return [...own, ...Object.entries(value).flatMap(([key, item]) => nodePaths(item, [...prefix, key]))];
  return own;
}

/** A copy of `value` with the node at `path` changed by `change` (which may return undefined to remove it). */
function withNode(value: unknown, path: (string | number)[], change: (node: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = withNode(copy[head as number], rest, change);
    if (next === undefined && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const next = withNode(copy[head as string], rest, change);
  if (next === undefined && rest.length === 0) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

function parametersOf(document: Schema, operation: OperationSpec, context: SchemaContext): Parameter[] {
  const item = (document.paths as Record<string, Schema>)[operation.path]!;
  const own = (item[operation.method.toLowerCase()] as Schema).parameters as unknown[] | undefined;
  return [...((item.parameters as unknown[]) ?? []), ...(own ?? [])].map((p) => deref(p, context) as unknown as Parameter);
}

function bodySchemaOf(document: Schema, operation: OperationSpec, context: SchemaContext): Schema | undefined {
  const item = (document.paths as Record<string, Schema>)[operation.path]!;
  const requestBody = (item[operation.method.toLowerCase()] as Schema).requestBody;
  if (!requestBody) return undefined;
  const content = deref(requestBody, context).content as Record<string, Schema> | undefined;
  return content?.['application/json']?.schema as Schema | undefined;
}

/** The methods of an operation's path, as `Allow` lists them (HEAD wherever GET is). */
function allowOf(operations: readonly OperationSpec[], path: string): string {
  const methods = new Set(operations.filter((operation) => operation.path === path).map((operation) => operation.method as string));
  if (methods.has('GET')) methods.add('HEAD');
  return ALLOW_ORDER.filter((method) => methods.has(method)).join(', ');
}

/** Requests for one operation: valid parts, then at most one mutation. */
function operationRequests(
  operation: OperationSpec,
  document: Schema,
  shared: SchemaContext,
  target: FuzzTarget,
  pathMethods: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const context: SchemaContext = { ...shared, operationId: operation.operationId };
  const parameters = parametersOf(document, operation, context);
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query');
  const needsAppHeader = parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-app');
  const bodySchema = bodySchemaOf(document, operation, context);

  const valid: fc.Arbitrary<Parts> = fc.record({
    path: fc.record(Object.fromEntries(inPath.map((p) => [p.name, validValue(p.schema, context, p.name)]))),
    query: fc.record(Object.fromEntries(inQuery.map((p) => [p.name, validValue(p.schema, context, p.name)])), {
      requiredKeys: inQuery.filter((p) => p.required).map((p) => p.name),
    }),
    body: bodySchema ? validValue(bodySchema, context, 'body') : fc.constant(undefined),
  });

  const baseHeaders = (): Record<string, string> => ({
    ...(needsAppHeader ? { 'x-app': 'PC' } : {}),
    ...(operation.secured ? { authorization: `Bearer ${target.token}` } : {}),
  });

  const build = (parts: Parts, mutation: Mutation, extra: Partial<FuzzRequest> & { rawPath?: Record<string, string> } = {}): FuzzRequest => {
    let url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => extra.rawPath?.[name] ?? encode(parts.path[name]));
    const query = Object.entries(parts.query).flatMap(([name, value]) =>
      Array.isArray(value) ? value.map((item) => `${encodeURIComponent(name)}=${encode(item)}`) : [`${encodeURIComponent(name)}=${encode(value)}`],
    );
    if (query.length) url += `?${query.join('&')}`;
    const headers = { ...baseHeaders(), ...extra.headers };
    const payload = extra.payload ?? (parts.body === undefined ? undefined : JSON.stringify(parts.body));
    if (payload !== undefined && !('content-type' in headers)) headers['content-type'] = 'application/json';
    return { operationId: operation.operationId, mutation, method: operation.method, url: extra.url ?? url, headers, payload };
  };

  const kinds: { weight: number; arbitrary: fc.Arbitrary<Mutation> }[] = [
    { weight: 25, arbitrary: fc.constant('valid') },
    { weight: inPath.length ? 8 : 0, arbitrary: fc.constant('path') },
    { weight: 2, arbitrary: fc.constant('route') },
    { weight: 2, arbitrary: fc.constant('method') },
    { weight: inQuery.length ? 20 : 3, arbitrary: fc.constant('query') },
    { weight: 4, arbitrary: fc.constant('header') },
    { weight: bodySchema ? 35 : 0, arbitrary: fc.constant('body') },
    { weight: bodySchema ? 4 : 0, arbitrary: fc.constant('raw-body') },
    { weight: bodySchema ? 3 : 0, arbitrary: fc.constant('content-type') },
    { weight: 1, arbitrary: fc.constant('oversized') },
    { weight: bodySchema ? 0 : 2, arbitrary: fc.constant('unexpected-body') },
  ];

  return fc.tuple(valid, fc.oneof(...kinds.filter((k) => k.weight > 0))).chain(([parts, mutation]): fc.Arbitrary<FuzzRequest> => {
    switch (mutation) {
      case 'valid':
        return fc.constant(build(parts, mutation));
      case 'path':
        return fc
          .tuple(fc.constantFrom(...inPath), fc.oneof(edgeValue().map(encode), fc.constantFrom(...RAW_PATH_VALUES)))
          .map(([parameter, raw]) => build(parts, mutation, { rawPath: { [parameter.name]: raw } }));
      case 'route':
        return fc.constantFrom('/x', '/', '%', '/..', '/%2F').map((suffix) => {
          const request = build(parts, mutation);
          const [path, query] = request.url.split('?');
          return { ...request, url: `${path}${suffix}${query ? `?${query}` : ''}` };
        });
      case 'method':
        return fc.tuple(fc.constantFrom(...OTHER_METHODS.filter((method) => !pathMethods.includes(method))), fc.boolean()).map(([method, withBody]) => {
          const request = build(parts, mutation);
          // A body or none, whatever the method (a QUERY without one was "not valid JSON").
          const payload = withBody ? (request.payload ?? '{}') : undefined;
          const headers = { ...request.headers };
          if (payload === undefined) delete headers['content-type'];
          else headers['content-type'] ??= 'application/json';
          return { ...request, method: method as FuzzRequest['method'], payload, headers };
        });
      case 'query': {
        const names = inQuery.map((p) => p.name);
        const changes = [
          fc
            .constantFrom(...(names.length ? names : ['q']))
            .chain((name) => nearValue(parts.query[name] ?? '').map((value) => ({ ...parts.query, [name]: value }))),
          fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), edgeValue()).map(([name, value]) => ({ ...parts.query, [`x${name}`]: value })),
          fc.constant(Object.fromEntries(Object.entries(parts.query).slice(1))),
          fc.constant(Object.fromEntries(Object.entries(parts.query).map(([name, value]) => [name, [value, value]]))),
        ];
        const raw = ['%', '%ZZ=1', 'a[b]=1', '&&=&', '__proto__[x]=1', ...names.flatMap((name) => RAW_SURROGATES.map((value) => `${encodeURIComponent(name)}=${value}`))];
        return fc.oneof(fc.oneof(...changes).map((query) => build({ ...parts, query }, mutation)), fc.constantFrom(...raw).map((raw) => {
          const request = build(parts, mutation);
          return { ...request, url: `${request.url}${request.url.includes('?') ? '&' : '?'}${raw}` };
        }));
      }
      case 'header':
        return fc
          .constantFrom<Record<string, string>>(
            { 'x-app': 'pc' },
            { 'x-app': '' },
            { authorization: 'Bearer not.a.token' },
            { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
            { authorization: `Bearer ${target.token.slice(0, -2)}xx` },
            { authorization: `Bearer ${target.token} ${target.token}` },
            { authorization: '' },
          )
          .map((headers) => build(parts, mutation, { headers }));
      case 'body': {
        const paths = nodePaths(parts.body);
        const nodeAt = (path: (string | number)[]) => path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], parts.body);
        return fc
          .tuple(fc.constantFrom(...paths), fc.constantFrom('replace', 'replace', 'remove', 'add'), fc.string({ minLength: 1, maxLength: 10 }))
          .chain(([path, how, key]) => nearValue(nodeAt(path)).map((value) => [path, how, key, value] as const))
          .map(([path, how, key, value]) => {
            let body: unknown;
            if (how === 'replace' || path.length === 0) body = withNode(parts.body, path, () => value);
            else if (how === 'remove') body = withNode(parts.body, path, () => undefined);
            else body = withNode(parts.body, path, (node) => (node && typeof node === 'object' && !Array.isArray(node) ? { ...node, [`x${key}`]: value } : value));
            return build({ ...parts, body }, mutation, { payload: body === undefined ? '' : JSON.stringify(body) });
          });
      }
      case 'raw-body':
        return fc.constantFrom(...MALFORMED_JSON).map((payload) => build(parts, mutation, { payload }));
      case 'content-type':
        return fc.constantFrom(...CONTENT_TYPES).map((type) => build(parts, mutation, { headers: { 'content-type': type } }));
      case 'oversized':
        return fc.constant(build(parts, mutation, { payload: JSON.stringify({ filler: 'x'.repeat(target.bodyLimitBytes) }) }));
      case 'unexpected-body':
        return edgeValue().map((value) => build(parts, mutation, { payload: JSON.stringify({ value }) }));
    }
  });
}

/**
 * The operation the server routes `method url` to, as the router picks it: dot segments resolved (as injection
 * does), and where several match, the one whose first differing segment is fixed text rather than a parameter.
 */
function routedTo(operations: readonly OperationSpec[], method: string | null, url: string): OperationSpec | undefined {
  const segments = new URL(url, 'http://fuzz.test').pathname.split('/');
  const templateOf = (operation: OperationSpec) => operation.path.split('/');
  const matches = operations.filter((operation) => {
    const template = templateOf(operation);
    return (
      (method === null || operation.method === method) &&
      template.length === segments.length &&
      template.every((part, i) => (/^\{\w+\}$/.test(part) ? segments[i] !== '' : part === segments[i]))
    );
  });
  const specificity = (operation: OperationSpec) => templateOf(operation).map((part) => (part.startsWith('{') ? '0' : '1')).join('');
  return matches.sort((a, b) => specificity(b).localeCompare(specificity(a)))[0];
}

/**
 * What is wrong with an answer; empty when nothing is. Every answer is checked: no 5xx, JSON that parses, errors
 * in the Error shape, Cache-Control, and a status and body as the contract declares them for the operation the
 * address reaches. A changed route or path parameter may reach another operation ('..' or '%2F' in a parameter)
 * or none; the router's refusals (before any route runs) are errors of its own statuses, and an address outside
 * the API gets the console's answer.
 */
function problemsOf(
  operations: readonly OperationSpec[],
  operation: OperationSpec,
  request: FuzzRequest,
  res: FuzzAnswer,
  errorShape: (value: unknown) => boolean,
): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  let body: unknown = res.body;
  if (isJson) {
    try {
      body = JSON.parse(res.body);
    } catch {
      problems.push('answered invalid JSON');
    }
  }
  if (res.statusCode >= 400 && !errorShape(body)) problems.push('error answer not in the Error shape');
  if (!res.headers['cache-control']) problems.push('no Cache-Control');
  if (request.mutation === 'method') {
    // A method the path does not have: 405, Allow naming the path's methods, as its operations declare it.
    const allow = allowOf(operations, operation.path);
    if (res.statusCode !== 405) problems.push(`answered ${res.statusCode} to ${request.method}, not 405`);
    else if (res.headers.allow !== allow) problems.push(`Allow: ${String(res.headers.allow)} to ${request.method}, not ${allow}`);
    for (const detail of operation.validateResponse(res.statusCode, body) ?? []) problems.push(`${detail.field} ${detail.message}`);
    return problems;
  }
  const rerouted = request.mutation === 'route' || request.mutation === 'path';
  const reached = rerouted ? routedTo(operations, request.method, request.url) : operation;
  // Outside the API the console answers (its index.html for any page address): not the contract's.
  const inApi = API_PREFIXES.some((prefix) => new URL(request.url, 'http://fuzz.test').pathname.startsWith(prefix));
  if (rerouted && !reached && res.statusCode === 405) {
    // An address that reaches another path, which lacks this method: that path's methods in Allow (a console
    // page's, GET and HEAD, when the built console is served).
    const path = routedTo(operations, null, request.url)?.path;
    const allow = path !== undefined ? allowOf(operations, path) : inApi ? null : 'GET, HEAD';
    if (allow === null) problems.push('405 for an address of no path');
    else if (res.headers.allow !== allow) problems.push(`Allow: ${String(res.headers.allow)} for ${path ?? 'a console page'}, not ${allow}`);
    return problems;
  }
  const details = reached?.validateResponse(res.statusCode, res.statusCode === 204 ? undefined : body) ?? [];
  const declared = reached !== undefined && details.every((d) => d.field !== '/status');
  if (rerouted && !declared && NO_OPERATION_STATUSES.has(res.statusCode)) return problems;
  if (!reached && inApi) problems.push(`status ${res.statusCode} for an address of no operation`);
  const via = reached && reached !== operation ? `(reached ${reached.operationId}) ` : '';
  for (const detail of details) problems.push(`${via}${detail.field} ${detail.message}`);
  return problems;
}

/** The checks `fuzzContract` makes of each answer, for the contract as it stands: what is wrong with one. */
export function answerChecker(): (request: FuzzRequest, answer: FuzzAnswer) => string[] {
  const { operations } = loadContract();
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const errorShape = schemaValidator('Error');
  return (request, answer) => problemsOf(operations, byId.get(request.operationId)!, request, answer, errorShape);
}

/** The request as a report shows it: a long body cut, with its length. */
function shortened(request: FuzzRequest): FuzzRequest {
  const { payload } = request;
  return payload && payload.length > 300 ? { ...request, payload: `${payload.slice(0, 200)}… (${payload.length} characters)` } : request;
}

/**
 * "Sign out everywhere else" (endOtherSessions) and turning two-factor sign-in on (confirmTwoFactor) refuse every
 * earlier token of the user, the caller's included, and answer a fresh one for its session, which the console
 * keeps: so does the fuzzer, or every later request would only meet the token check.
 */
function renewedToken(operationId: string, res: LightMyRequestResponse): string | undefined {
  if (!['endOtherSessions', 'confirmTwoFactor'].includes(operationId) || res.statusCode !== 200) return undefined;
  const jwt = (JSON.parse(res.body) as { jwt?: unknown }).jwt;
  return typeof jwt === 'string' ? jwt : undefined;
}

/** Sends `requests` generated requests (seeded) in order and checks every answer. */
export async function fuzzContract(target: FuzzTarget, options: { seed: number; requests: number; onProgress?: (done: number) => void }): Promise<FuzzReport> {
  const { document, operations } = loadContract();
  const context: SchemaContext = { document, known: target.known };
  const check = answerChecker();
  const methodsOf = (path: string) => operations.filter((operation) => operation.path === path).map((operation) => operation.method as string);
  const perOperation = new Map(
    operations.map((operation) => [operation.operationId, operationRequests(operation, document, context, target, methodsOf(operation.path))]),
  );

  const report: FuzzReport = { seed: options.seed, requests: 0, ms: 0, failures: [], failureCount: 0, problemCounts: new Map(), statuses: new Map(), msByOperation: new Map() };
  const signedIn = `Bearer ${target.token}`;
  let current = target.token;
  const started = performance.now();
  // Operations in turn, so each gets its share whatever the count: a few requests per operation per round, each
  // operation's drawn from its own seed (seed, round, position), so the sequence depends on nothing else.
  const PER_ROUND = 10;
  for (let round = 0; report.requests < options.requests; round++) {
    const drawn = operations.map((operation, position) =>
      fc.sample(perOperation.get(operation.operationId)!, { seed: options.seed + round * 1000 + position, numRuns: PER_ROUND }),
    );
    const batch = Array.from({ length: PER_ROUND }, (_, i) => drawn.map((requests) => requests[i]!))
      .flat()
      .slice(0, options.requests - report.requests);
    for (const request of batch) {
      const index = report.requests++;
      const sent = performance.now();
      // The session's current token in place of the one the request was drawn with (see renewedToken).
      const headers = request.headers.authorization === signedIn ? { ...request.headers, authorization: `Bearer ${current}` } : request.headers;
      const res = await target.inject({ method: request.method, url: request.url, headers, payload: request.payload });
      current = renewedToken(request.operationId, res) ?? current;
      report.msByOperation.set(request.operationId, (report.msByOperation.get(request.operationId) ?? 0) + performance.now() - sent);
      const counts = report.statuses.get(request.operationId) ?? new Map<number, number>();
      counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
      report.statuses.set(request.operationId, counts);
      const problems = check(request, res);
      if (problems.length) {
        report.failureCount++;
        for (const problem of problems) {
          const key = `${request.operationId}: ${problem.replace(/\/response\/.*? /, '/response/… ')}`;
          report.problemCounts.set(key, (report.problemCounts.get(key) ?? 0) + 1);
        }
        if (report.failures.length < 25) report.failures.push({ index, request: shortened(request), status: res.statusCode, problems, body: res.body.slice(0, 500) });
      }
      if (options.onProgress && report.requests % 1000 === 0) options.onProgress(report.requests);
    }
  }
  report.ms = performance.now() - started;
  return report;
}

/** The app as the fuzzer needs it: in-process requests, its configuration and its token service. */
interface FuzzedApp {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  services: { config: { bodyLimitBytes: number; devMailboxKey: string | null }; tokens: TokenService };
}

/**
 * A token of the user as the server issues them at sign-in (without the password check's cost). Its session gets
 * an id far from the bounds that generated ids favour (1, 2147483647), so that a request ending a session by id
 * does not end the fuzzer's own by chance; fuzzTarget offers sessions of its own to end instead.
 */
export async function tokenOf(app: FuzzedApp, db: Queryable, userId: number): Promise<string> {
  await db.query("SELECT setval('user_sessions_id_seq', greatest(1000000000, (SELECT last_value FROM user_sessions_id_seq)))");
  const user = await db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
    'SELECT id, email, name, enabled, roles, is_internal FROM users WHERE id = $1',
    [userId],
  );
  if (!user) throw new Error(`no user ${userId}`);
  return signIn(db, app.services.tokens, { ...user, isInternal: user.is_internal }, { userAgent: 'contract fuzzer', address: '127.0.0.1' });
}

/**
 * The fuzzer's view of a fresh server signed in as `userId` (`token`), with ids and values its data holds (and a
 * few it does not) by the property or parameter name that carries them (`name[]` for an array's items,
 * `operationId:name` for one operation), so that valid requests reach past "not found" into the handlers. Own
 * ids come several times, so that arrays of them are often wholly the caller's.
 */
export async function fuzzTarget(app: FuzzedApp, db: Queryable, userId: number, token: string): Promise<FuzzTarget> {
  const ids = async (sql: string, params: unknown[] = []) => (await db.query<{ id: number | string }>(sql, params)).map((row) => row.id);
  const publishers = await ids('SELECT publisher_id AS id FROM user_publishers WHERE user_id = $1 ORDER BY 1', [userId]);
  const foreignPublishers = await ids('SELECT id FROM publishers WHERE id <> ALL($1::int[]) ORDER BY id LIMIT 2', [publishers]);
  const zones = await ids('SELECT tracking_id AS id FROM zones WHERE publisher_id = ANY($1::int[]) ORDER BY tracking_id LIMIT 40', [publishers]);
  const foreignZones = await ids('SELECT tracking_id AS id FROM zones WHERE publisher_id <> ALL($1::int[]) ORDER BY tracking_id LIMIT 2', [publishers]);
  const email = (await db.one<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))!.email;
  const emails = [email, email, 'nobody@publisher.example', 'solo@publisher.example'];
  const allPublishers = [...publishers, ...publishers, ...publishers, ...foreignPublishers, 99_999];
  const allZones = [...zones, ...zones, ...foreignZones, 999_999];
  const post = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, payload, headers: { 'x-app': 'PC', authorization: `Bearer ${token}` } })).json() as { url?: string };
  const frameToken = (answer: { url?: string }) => new URL(answer.url ?? '/?token=missing', 'http://x').searchParams.get('token') ?? '';
  const frameTokens = [
    frameToken(await post('/external/dashboard-service/publishers', { userId, firstName: 'F', lastName: 'Z', entityId: publishers[0], lookerReportId: 5 })),
    frameToken(await post('/external/payment-provider-url/billing', { publisherId: String(publishers[0]), businessUnitId: String((await db.one<{ id: number }>('SELECT business_unit_id AS id FROM publishers WHERE id = $1', [publishers[0]]))!.id) })),
  ];
  // A live reset link of another account (following it must not end this user's session).
  await app.inject({ method: 'POST', url: '/auth/forget-pwd', payload: { email: 'solo@publisher.example' } });
  const link = (await db.one<{ link: string }>('SELECT link FROM outbox WHERE lower(to_email) = $1 ORDER BY id DESC LIMIT 1', ['solo@publisher.example']))?.link;
  const resetToken = link ? new URL(link).searchParams.get('tk')! : 'x'.repeat(43);
  // Other sessions of the user, for endSession to end (the fuzzer's own is not among the values offered).
  const account = (await db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
    'SELECT id, email, name, enabled, roles, is_internal FROM users WHERE id = $1',
    [userId],
  ))!;
  const decoys: number[] = [];
  for (let i = 0; i < 3; i++) {
    const jwt = await signIn(db, app.services.tokens, { ...account, isInternal: account.is_internal }, { userAgent: 'another browser', address: '127.0.0.2' });
    decoys.push((await app.services.tokens.verify(jwt)).sid);
  }
  const known: Record<string, unknown[]> = {
    publisherId: allPublishers,
    entityId: [...allPublishers, ...allZones],
    zoneId: allZones,
    trackingId: allZones,
    'trackingIds[]': allZones,
    'services[]': await ids('SELECT id FROM services'),
    serviceId: await ids('SELECT id FROM services'),
    urlId: [...(await ids('SELECT id FROM asset_url_filter_patterns WHERE zone_id = ANY($1::int[]) ORDER BY id LIMIT 20', [zones])), 999_999],
    zoneDomainId: await ids('SELECT id FROM zone_domains WHERE zone_id = ANY($1::int[]) ORDER BY id LIMIT 20', [zones]),
    'selfIdentifierIds[]': await ids('SELECT id FROM self_identifiers'),
    slotSizeId: await ids('SELECT id FROM slot_sizes'),
    implementationTypeId: await ids('SELECT id FROM implementation_types'),
    placementId: await ids('SELECT id FROM slot_placements'),
    verticalId: await ids('SELECT id FROM verticals'),
    zoneGradeId: await ids('SELECT id FROM zone_grades'),
    userId: [userId, userId, 1],
    businessUnitId: [1, 2, 5, 7],
    'undoHistoryEntry:entryId': [...(await ids('SELECT id FROM history WHERE publisher_id = ANY($1::int[]) ORDER BY id LIMIT 20', [publishers])), 999_999],
    authorId: [userId, 1, 999_999],
    alertId: [...(await ids('SELECT id FROM revenue_alerts WHERE publisher_id = ANY($1::int[]) ORDER BY id LIMIT 20', [publishers])), 999_999],
    sessionId: [...decoys, 999_999],
    'deleteRestrictions:body[]': await ids('SELECT id FROM restrictions WHERE publisher_id = ANY($1::int[]) ORDER BY id LIMIT 30', [publishers]),
    'restrictions[]': ['IAB1', 'IAB1-1', 'IAB26', 'example.com', '*.ads.example.org', ...(await ids('SELECT id::text AS id FROM advertisers ORDER BY id LIMIT 5'))],
    'domains[]': ['example.com', 'www.example.org', '*.news.example', 'https://apps.apple.com/us/app/x/id123456789', 'https://play.google.com/store/apps/details?id=com.example'],
    pattern: ['https://example.com/ad', 'http://news.example.org/banner.png', 'https://cdn.example.net/x?y=1'],
    'names[]': ['Atlas', 'home', '%', 'ゾーン'],
    partialName: ['At', 'Media', 'zz'],
    searchTerm: ['', 'Atlas', String(publishers[0] ?? 1)],
    email: emails,
    ue: emails,
    to: emails,
    tk: [resetToken],
    token: frameTokens,
    // The development mailbox's key (printed at a real server's start), and one that is not it.
    key: [app.services.config.devMailboxKey ?? 'none', app.services.config.devMailboxKey ?? 'none', 'not-the-key'],
    // Signs in for real now and then (mostly not: each check costs a password hash, and failures reach the
    // throttle, which answers without one); the right password is never offered to operations that change it.
    'login:password': ['Demo#2026pass', 'Wrong#2026pass', 'Wrong#2027pass', 'Wrong#2028pass'],
  };
  return { inject: (options) => app.inject(options), token, known, bodyLimitBytes: app.services.config.bodyLimitBytes };
}
