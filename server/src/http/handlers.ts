// Handlers are keyed by the contract's operationId and typed from the generated schema, so the server and the
// console share one definition of every request and answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../openapi/portal';
import type { ServerConfig } from '../config';
import type { Db } from '../db/db';
import type { Principal } from '../auth/principal';
import type { TokenService } from '../auth/tokens';
import type { SecondFactorKeys } from '../auth/twoFactor';
import type { FrameSigner } from './frameSigner';
import type { Fetcher } from '../crawl/fetcher';
import type { RecordChange } from '../history/types';
import type { Lifecycle } from '../lifecycle';

export type OperationId = keyof operations;

type Op<O extends OperationId> = operations[O];
// `query?: {...}` (every parameter optional) must give the object type too, not Record<string, never>.
type Part<T, K extends string> = T extends { parameters: infer P }
  ? K extends keyof P
    ? [NonNullable<P[K]>] extends [never]
      ? Record<string, never>
      : NonNullable<P[K]>
    : Record<string, never>
  : Record<string, never>;

export type PathParams<O extends OperationId> = Part<Op<O>, 'path'>;
export type QueryParams<O extends OperationId> = Part<Op<O>, 'query'>;
export type JsonBody<O extends OperationId> = Op<O> extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op<O> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;

type Responses<O extends OperationId> = Op<O>['responses'];
/** The JSON bodies of the operation's 2xx answers (never for 204, CSV or HTML answers). */
export type SuccessBody<O extends OperationId> = {
  [S in keyof Responses<O>]: S extends 200 | 201 ? (Responses<O>[S] extends { content: { 'application/json': infer B } } ? B : never) : never;
}[keyof Responses<O>];

/** What every handler may use; created once per process and shared (the API keeps no per-user state). */
export interface AppServices {
  db: Db;
  config: ServerConfig;
  tokens: TokenService;
  frames: FrameSigner;
  /** Serving, draining or closing (readiness reads it). */
  lifecycle: Lifecycle;
  /** The TOTP secrets' encryption key and the recovery codes' hash key (auth/twoFactor.ts). */
  secondFactor: SecondFactorKeys;
  /** The ads.txt monitor's guarded fetcher (crawl/fetcher.ts): "Check now" and the crawl share its limits. */
  crawler: Fetcher;
}

export interface HandlerContext<O extends OperationId> extends AppServices {
  params: PathParams<O>;
  query: QueryParams<O>;
  body: JsonBody<O>;
  /** The signed-in caller. Only secured operations may read it (it throws 401 elsewhere). */
  readonly principal: Principal;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Appends the call's one history entry, in the transaction of its change (server/src/history/record.ts). Every
   * write of server/src/history/operations.ts RECORDED calls it exactly once, after its last write; for any other
   * call it throws. Inside a recorded write, `db` is that transaction.
   */
  record: RecordChange;
}

/** Marks an answer the handler already sent itself (CSV, HTML, redirects). */
export const SENT = Symbol('sent');
/** An answer without body (204). */
export const NO_CONTENT = Symbol('no-content');

export type HandlerResult<O extends OperationId> = SuccessBody<O> | typeof SENT | typeof NO_CONTENT;
export type Handler<O extends OperationId> = (ctx: HandlerContext<O>) => Promise<HandlerResult<O>>;
export type Handlers = { [O in OperationId]?: Handler<O> };
