// Wiring of the reference API: security headers, CORS, compression, the built console, API docs, and one
// route per contract operation (authenticate -> validate request -> handler -> validate answer).
import { createFetcher, crawlerUserAgent } from './crawl/fetcher';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ServerConfig } from './config';
import type { Db, Transaction } from './db/db';
import { authenticate, type Principal } from './auth/principal';
import { authenticateKey, isApiKeySecret } from './auth/apiKeys';
import { TokenService, storedSecret } from './auth/tokens';
import { SecondFactorKeys } from './auth/twoFactor';
import { ruleOf } from '../../src/lib/roles';
import { ApiError, badRequest, internalError, unauthorized, uriTooLong } from './http/errors';
import { contractDocument, loadContract, type OperationSpec } from './http/contract';
import { FrameSigner } from './http/frameSigner';
import { drainRequest } from './http/drain';
import { methodGuard } from './http/methods';
import { invalidQueryEncoding } from './http/queryEncoding';
import { API_DOCS_CSP, consoleCsp } from './http/csp';
import { loggerOptions } from './http/logging';
import { NO_CONTENT, SENT, type AppServices, type Handler, type HandlerContext, type Handlers, type OperationId } from './http/handlers';
import { handlers as allHandlers } from './routes';
import { recordingOf } from './history/operations';
import type { Recording } from './history/types';
import { refuseRecord, runRecorded } from './history/record';
import { claimKey, idempotentCall, keepAnswer } from './http/idempotency';
import { registerDevRoutes } from './routes/system/devMailbox';
import { isDatabaseUnavailable } from './db/unavailable';
import { databaseUnavailable, Lifecycle, registerLifecycle } from './lifecycle';
import { httpDuration, httpRequests } from './metrics';

export interface BuildOptions {
  config: ServerConfig;
  db: Db;
  /** Replaces the handler table (tests of the wiring itself). */
  handlers?: Handlers;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what the server logs). */
  logStream?: { write(line: string): void };
  /** Draining and closing state, which main.ts moves on SIGTERM; a fresh one (serving) by default. */
  lifecycle?: Lifecycle;
}

/** Paths the API owns: never answered with the console's index.html. */
export const API_PREFIXES = ['/auth/', '/external/', '/frames/', '/mail/', '/dev/', '/api-docs', '/config.json', '/healthz', '/readyz', '/metrics'];

/** An address the console's index.html never answers: the API's, and its hashed assets (a missing one is a 404). */
const isApiAddress = (url: string) => [...API_PREFIXES, '/assets/'].some((prefix) => url.startsWith(prefix));

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The router's own refusals (before any route runs), in the contract's Error shape and without echoing the
 * address. No hook runs for them, helmet's included, so they carry here the headers every other API answer gets
 * from the hooks below.
 */
const routerError = (config: ServerConfig) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const answer =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? uriTooLong()
      : error.code === 'FST_ERR_BAD_URL'
        ? badRequest('The address is malformed', [{ field: '/path', message: 'is not valid percent-encoding' }])
        : internalError();
  if (answer.status === 500) request.log.error({ err: error }, 'router error');
  void reply
    .code(answer.status)
    .headers({
      'cache-control': 'no-store',
      'content-security-policy': consoleCsp(config),
      'x-content-type-options': 'nosniff',
      'referrer-policy': REFERRER_POLICY,
    })
    .send(answer.toBody());
};

const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a method HTTP does not know, such as FOO /healthz;
 * a malformed line; headers over the limit; a request that took too long to arrive): Fastify's statuses, in the
 * contract's Error shape, and the connection closed as Node does.
 */
function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'The request is not valid HTTP (an unknown method, or a malformed line or header)'];
  const body = JSON.stringify(badRequest(message).toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const isOperation = (request: FastifyRequest) => Boolean((request.routeOptions.config as { operationId?: string } | undefined)?.operationId);

export async function buildApp(options: BuildOptions): Promise<FastifyInstance & { services: AppServices }> {
  const { config, db } = options;
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : loggerOptions(config, options.logStream)),
    bodyLimit: config.bodyLimitBytes,
    // A hop count becomes the equivalent function (Fastify's types take no number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    ajv: { customOptions: { strict: false } },
    frameworkErrors: routerError(config),
    clientErrorHandler: clientError,
    // A request arriving while the app closes gets the contract's Error shape from registerLifecycle instead.
    return503OnClosing: false,
    // Every log line of a request and its answer carry one id: a proxy's X-Request-Id when it is a plain token,
    // otherwise a new one (a client's free text never reaches the log).
    genReqId: requestId,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Requests by route pattern (never the raw address: ids and tokens) and status, for /metrics.
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const tokens = await TokenService.create(db, config.jwtSecret, config.tokenTtlSeconds, config.sessionMaxSeconds);
  const frames = new FrameSigner(await storedSecret(db, 'frames'));
  const secondFactor = await SecondFactorKeys.create(db, config.totpEncryptionKey);
  const lifecycle = options.lifecycle ?? new Lifecycle();
  const crawler = createFetcher({ hosts: config.crawlHosts, userAgent: crawlerUserAgent(config), concurrency: config.crawlConcurrency });
  const services: AppServices = { db, config, tokens, frames, secondFactor, lifecycle, crawler };
  const hasConsole = existsSync(path.join(config.consoleDir, 'index.html'));
  // Before any route: it records every route's methods. The console's pages take GET and HEAD at any other path.
  const methods = methodGuard(app, { fallback: (url) => (hasConsole && !isApiAddress(url) ? ['GET', 'HEAD'] : []) });

  await app.register(helmet, {
    contentSecurityPolicy: false, // set per answer below: the console, the API and the frame pages differ
    hsts: config.mode === 'production',
    crossOriginEmbedderPolicy: false,
    frameguard: false, // frame-ancestors in the CSP decides
    referrerPolicy: { policy: REFERRER_POLICY },
  });
  // A closing instance refuses first, whatever the method; then the method guard: after helmet (its headers),
  // before CORS (which answers every OPTIONS) and anything that reads the body.
  registerLifecycle(app, lifecycle);
  app.addHook('onRequest', methods.onRequest);
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', request.url.startsWith('/api-docs') ? API_DOCS_CSP : consoleCsp(config));
    }
    // API answers are personal (ledger, zones) or carry secrets (tokens, temporary passwords), and refusals are
    // per caller: no cache may keep any of them (ASVS V8). An operation may choose otherwise (/config.json).
    if (!reply.hasHeader('cache-control') && (isOperation(request) || String(reply.getHeader('content-type')).startsWith('application/json'))) {
      reply.header('cache-control', 'no-store');
    }
  });
  await app.register(cors, {
    origin: config.consoleOrigins.length ? config.consoleOrigins : false,
    // The console on another origin renames zones (PUT), edits blocks (PATCH) and removes them (DELETE):
    // @fastify/cors allows only GET, HEAD and POST unless told.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-App', 'Idempotency-Key'],
    exposedHeaders: ['Allow', 'Content-Disposition', 'Retry-After', 'Idempotent-Replayed', 'X-Request-Id'],
    maxAge: 600,
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).headers(error.headers).send(error.toBody());
    }
    if (isDatabaseUnavailable(error)) {
      // Expected while the database restarts or is unreachable: one line, no stack (the pool recovers by itself).
      request.log.warn({ code: error.code, message: error.message }, 'database unavailable');
      const answer = databaseUnavailable();
      return reply.code(answer.status).headers(answer.headers).send(answer.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // Refused unread; answered once the client has sent the rest, so that it can read the answer (http/drain.ts).
      await drainRequest(request.raw);
      return reply.code(413).header('connection', 'close').send({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
    }
    if (status === 415) return reply.code(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON (application/json)' });
    if (status >= 400 && status < 500) {
      return reply.code(400).send(badRequest('The request is malformed', [{ field: '/body', message: 'is not valid JSON' }]).toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(internalError().toBody());
  });

  await registerApiDocs(app);
  registerOperations(app, services, options.handlers ?? allHandlers);
  if (config.devMailbox) registerDevRoutes(app, services);
  await registerConsole(app, config, hasConsole);

  return Object.assign(app as FastifyInstance, { services });
}

async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: contractDocument() as unknown as StaticDocumentSpec['document'] } });
  await app.register(swaggerUi, { routePrefix: '/api-docs', staticCSP: false, uiConfig: { deepLinking: true } });
}

function registerOperations(app: FastifyInstance, services: AppServices, handlers: Handlers): void {
  const { operations } = loadContract();
  // Fail at start-up, not on the first request: every contract operation needs a handler, and a handler for an
  // operation the contract does not have is a typo or a leftover.
  const missing = operations.filter((operation) => !handlers[operation.operationId as OperationId]).map((o) => o.operationId);
  const known = new Set(operations.map((operation) => operation.operationId));
  const unknown = Object.keys(handlers).filter((operationId) => !known.has(operationId));
  if (missing.length || unknown.length) {
    throw new Error(`Handler table does not match the contract. Missing: ${missing.join(', ') || 'none'}. Unknown: ${unknown.join(', ') || 'none'}.`);
  }
  // Every write must say how the change history records it (server/src/history/operations.ts): checked here too.
  const recordings = new Map(operations.map((operation) => [operation.operationId, recordingOf(operation.operationId, operation.method)]));
  for (const operation of operations) {
    const handler = handlers[operation.operationId as OperationId] as Handler<OperationId>;
    const recording = recordings.get(operation.operationId)!;
    // A kept answer must be written by the transaction of the write it answers (http/idempotency.ts).
    if (operation.idempotent && recording.mode !== 'transaction') {
      throw new Error(`${operation.operationId} declares Idempotency-Key but its write does not run in one transaction the server opens`);
    }
    app.route({
      method: operation.method,
      url: operation.routePath,
      config: { operationId: operation.operationId },
      // Never below the configured limit: an operator who raised BODY_LIMIT_BYTES keeps that for every call.
      ...(operation.bodyLimit ? { bodyLimit: Math.max(operation.bodyLimit, services.config.bodyLimitBytes) } : {}),
      handler: (request, reply) => runOperation(operation, recording, handler, services, request, reply),
    });
  }
}

/** The caller of a secured operation: a user's sign-in token, or an API key (`pp_live_...`, issue 29). */
function callerOf(services: AppServices, request: FastifyRequest, operationId: OperationId): Promise<Principal> {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (bearer !== undefined && isApiKeySecret(bearer)) {
    return authenticateKey(services.db, bearer, operationId, request.ip, services.config.apiKeyRequestsPerMinute);
  }
  return authenticate(services.db, services.tokens, request.headers.authorization, operationId, request.ip);
}

/** A handler's answer and its status; `replayed` when it is the kept answer of an Idempotency-Key. */
interface Answer {
  result: unknown;
  status: number;
  replayed?: boolean;
}

async function runOperation(
  operation: OperationSpec,
  recording: Recording,
  handler: Handler<OperationId>,
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  let principal: Principal | null = null;
  const operationId = operation.operationId as OperationId;
  if (operation.secured) principal = await callerOf(services, request, operationId);

  const encoding = invalidQueryEncoding(request.url);
  if (encoding) throw badRequest('The request does not match the API contract', [encoding]);
  const details = operation.validateRequest({ params: request.params, query: request.query, headers: request.headers, body: request.body });
  if (details) throw badRequest('The request does not match the API contract', details);

  const context = {
    ...services,
    params: request.params,
    query: request.query,
    body: request.body,
    request,
    reply,
    get principal(): Principal {
      if (!principal) throw unauthorized();
      return principal;
    },
  } as HandlerContext<OperationId>;

  const idempotent = operation.idempotent && principal ? idempotentCall(operationId, request, principal) : null;

  // The answer is checked inside the write's transaction: a write whose answer breaks the contract is rolled back.
  const run = async (db: Db, record: HandlerContext<OperationId>['record']): Promise<Answer> => {
    // Assigned, not spread: spreading would call the principal getter, which throws on public operations.
    const result = await handler(Object.assign(context, { db, record }));
    // Like a write that recorded nothing: an operation for a publisher that answered without checking the caller's
    // rights there (auth/access.ts) is a bug, answered 500 and rolled back, never the publisher's data.
    if (ruleOf(operationId).scope === 'publisher' && !principal?.publisherChecked) {
      request.log.error({ operationId }, 'answered without checking the caller\'s role for the publisher');
      throw internalError();
    }
    if (result === SENT || result === NO_CONTENT) return { result, status: 204 };
    const status = reply.statusCode === 200 ? operation.successStatus : reply.statusCode;
    if (services.config.validateResponses) {
      const problems = operation.validateResponse(status, result);
      if (problems) {
        request.log.error({ operationId: operation.operationId, status, problems }, 'answer does not match the contract');
        throw internalError();
      }
    }
    if (idempotent) await keepAnswer(db, idempotent, status, result);
    return { result, status };
  };
  const replay = idempotent
    ? async (tx: Transaction): Promise<Answer | undefined> => {
        const kept = await claimKey(tx, idempotent);
        return kept && { result: kept.body, status: kept.status, replayed: true };
      }
    : undefined;
  const { result, status, replayed } =
    recording.mode === 'none'
      ? await run(services.db, refuseRecord(operation.operationId))
      : await runRecorded(services.db, operation.operationId, recording, () => principal, { params: request.params, body: request.body }, run, replay);
  if (replayed) void reply.header('idempotent-replayed', 'true');
  if (result === SENT) return reply;
  if (result === NO_CONTENT) return reply.code(204).send();
  return reply.code(status).send(result);
}

/** The built console (npm run build): hashed assets cached for a year, everything else revalidated. */
async function registerConsole(app: FastifyInstance, config: ServerConfig, hasConsole: boolean): Promise<void> {
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: config.consoleDir,
      wildcard: false,
      preCompressed: true,
      // Otherwise send() writes its own 'public, max-age=0' after setHeaders and wins.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (a tab still running the previous deploy) must fail as a 404, not load index.html as
    // a script: the console's lazy-chunk error handling can then reload the page.
    if (!isApiAddress(request.url) && hasConsole && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
  });
}
