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
   * The methods of the path, in a fixed order; none when no route matches it. Where several routes match, the
   * path is the most specific one's (fixed text before a parameter): /external/zones/bulk/services is the bulk
   * update's (PUT), not a zone's services (GET) with "bulk" for a zone id.
   */
  const allowed = (path: string): string[] => {
    const matching = [...routes.values()].filter((route) => route.pattern.test(path));
    const best = matching.reduce((top, route) => (route.specificity > top ? route.specificity : top), '');
    const methods = new Set(matching.filter((route) => route.specificity === best).flatMap((route) => [...route.methods]));
    if (methods.size === 0) options.fallback(path).forEach((method) => methods.add(method));
    return METHOD_ORDER.filter((method) => methods.has(method));
  };

  const isPreflight = (request: FastifyRequest) =>
    request.headers.origin !== undefined && request.headers['access-control-request-method'] !== undefined;

  return {
    allowed,
    /**
     * The onRequest hook: before CORS (which would answer any OPTIONS) and before authentication. It answers
     * itself rather than throwing: an OPTIONS is routed to CORS's catch-all, whose error handler is Fastify's own.
     */
    async onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
      const options = request.method === 'OPTIONS';
      if (options ? isPreflight(request) : !request.is404) return undefined;
      const methods = allowed(request.url.split('?')[0]!);
      // A method the path has goes on (a console page's GET); an OPTIONS to a path of nothing gets the not-found
      // answer, any other method there goes on to it.
      if (methods.includes(request.method)) return undefined;
      const answer = methods.length ? methodNotAllowed(methods) : options ? notFound() : null;
      return answer ? reply.code(answer.status).headers(answer.headers).send(answer.toBody()) : undefined;
    },
  };
}
