// 405 Method Not Allowed (RFC 9110, 15.5.6): a path the server has, asked with a method it does not have there
// (PATCH where only GET exists, TRACE, QUERY, an OPTIONS that is no CORS preflight), is answered 405 with an
// `Allow` header listing the path's methods, in the contract's Error shape (MethodNotAllowed, declared on every
// operation); a path it does not have stays a 404. Answered in onRequest, before authentication and before any
// body is read or parsed (a QUERY without a body was "not valid JSON").
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from './errors';

/** The order of Allow. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export const methodNotAllowed = (allowed: readonly string[]) =>
  new ApiError(405, 'METHOD_NOT_ALLOWED', 'This address does not take that method', undefined, { allow: allowed.join(', ') });

/** A route pattern as the router reads it: `:name` one segment, `*` the rest. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:\w+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Per segment: fixed text 2, a parameter 1, the rest (*) 0; compared as strings, the larger is the more specific. */
const specificityOf = (url: string) =>
  url
    .split('/')
    .map((segment) => (segment.includes('*') ? '0' : segment.startsWith(':') ? '1' : '2'))
    .join('');

export interface MethodGuardOptions {
  /** Methods of a path no route matches (the console's pages: GET and HEAD), or none. */
  fallback(path: string): readonly string[];
}

/**
 * Records every route's methods as it is added (call before any route is), and answers 405 for a known path
 * asked with a method it lacks (add the hook where its place among the others is right: see app.ts).
 */
export function methodGuard(app: FastifyInstance, options: MethodGuardOptions) {
  const routes = new Map<string, { pattern: RegExp; specificity: string; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    // A catch-all (CORS's OPTIONS *) says nothing about which paths exist.
    if (route.url === '*' || route.url === '/*') return;
    const entry = routes.get(route.url) ?? { pattern: patternOf(route.url), specificity: specificityOf(route.url), methods: new Set<string>() };
    ([] as string[]).concat(route.method).forEach((method) => entry.methods.add(method));
    routes.set(route.url, entry);
  });

  /**
   * The path's resource: the most specific routes matching it (fixed text before a parameter) and their methods,
   * in a fixed order; none when no route matches it. /external/zones/bulk/services is the bulk update's (PUT), not
   * a zone's services (GET) with "bulk" for a zone id, although the router, which matches each method on its own,
   * takes a GET there to the latter.
   */
  const resourceOf = (path: string): { specificity: string; methods: string[] } => {
    const matching = [...routes.values()].filter((route) => route.pattern.test(path));
    const specificity = matching.reduce((top, route) => (route.specificity > top ? route.specificity : top), '');
    const methods = new Set(matching.filter((route) => route.specificity === specificity).flatMap((route) => [...route.methods]));
    if (methods.size === 0) options.fallback(path).forEach((method) => methods.add(method));
    return { specificity, methods: METHOD_ORDER.filter((method) => methods.has(method)) };
  };

  const isPreflight = (request: FastifyRequest) =>
    request.headers.origin !== undefined && request.headers['access-control-request-method'] !== undefined;

  /**
   * Which methods to name in a 405 for this request, or null when it goes on: an unrouted request to a path the
   * server has, an OPTIONS that is no CORS preflight, and a request the router took to a parameter's route at a
   * path that is another, more specific route's (PUT /external/zones/embed-codes is not a zone's update).
   */
  const refusal = (request: FastifyRequest): string[] | null => {
    const path = request.url.split('?')[0]!;
    if (request.method === 'OPTIONS') return isPreflight(request) ? null : resourceOf(path).methods;
    const routed = request.is404 ? null : request.routeOptions.url;
    if (routed !== null && (routed === undefined || !/[:*]/.test(routed))) return null;
    const resource = resourceOf(path);
    if (routed && resource.specificity <= specificityOf(routed)) return null;
    return resource.methods.includes(request.method) ? null : resource.methods;
  };

  return {
    allowed: (path: string) => resourceOf(path).methods,
    /**
     * The onRequest hook: before CORS (which would answer any OPTIONS) and before authentication. It answers
     * itself rather than throwing: an OPTIONS is routed to CORS's catch-all, whose error handler is Fastify's own.
     */
    async onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
      const methods = refusal(request);
      if (methods === null) return undefined;
      // A path of nothing: an OPTIONS gets the not-found answer; any other method goes on to it.
      const answer = methods.length ? methodNotAllowed(methods) : request.method === 'OPTIONS' ? notFound() : null;
      return answer ? reply.code(answer.status).headers(answer.headers).send(answer.toBody()) : undefined;
    },
  };
}
