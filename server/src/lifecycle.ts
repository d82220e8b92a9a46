// An instance's life behind a load balancer: serving, then (SIGTERM) draining — still serving, while readiness
// answers 503 so that the proxy's health checks take it out of rotation — then closing: the listener is closed,
// requests in flight finish, and a request that still arrives on a kept-alive connection is refused with the
// contract's Error shape (503, `Connection: close`, so the proxy retries it elsewhere) instead of Fastify's own body.
// Also here: the one warning about forwarded headers from a peer the server does not trust (TRUST_PROXY).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './http/errors';

export type LifecycleState = 'serving' | 'draining' | 'closing';

export class Lifecycle {
  private current: LifecycleState = 'serving';

  get state(): LifecycleState {
    return this.current;
  }

  /** Readiness answers 503 from now on; requests are still served. */
  drain(): void {
    if (this.current === 'serving') this.current = 'draining';
  }

  /** New requests are refused from now on (the app is closing). */
  close(): void {
    this.current = 'closing';
  }
}

/** What a refused request gets while the instance shuts down: nothing of it ran, so another instance may take it. */
export const shuttingDown = () =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', 'This server is shutting down. Please try again.', undefined, { 'retry-after': '1', connection: 'close' });

/** The answer of a request that needed the database while it could not be reached: nothing of it was applied. */
export const databaseUnavailable = () =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.', undefined, { 'retry-after': '5' });

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded', 'x-real-ip'];

/**
 * Whether the request came through a proxy the server does not believe: X-Forwarded-For from a peer outside
 * TRUST_PROXY (Fastify then takes the peer itself as the client: behind a proxy every client is the proxy, and
 * sign-in throttling holds them all together), or only headers the server never reads (Forwarded, X-Real-IP).
 */
function untrustedForwarding(request: FastifyRequest): string[] | null {
  const present = FORWARDED_HEADERS.filter((name) => request.headers[name] !== undefined);
  if (present.length === 0) return null;
  if (request.headers['x-forwarded-for'] === undefined) {
    return present.some((name) => name === 'forwarded' || name === 'x-real-ip') ? present : null;
  }
  // With a trusted peer the address chain holds the peer and at least the client it forwarded for.
  const chain = (request as FastifyRequest & { ips?: string[] }).ips;
  return chain && chain.length > 1 ? null : present;
}

export function registerLifecycle(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('preClose', async () => lifecycle.close());
  // Once draining, every answer ends its connection: a kept-alive connection that was busy when the listener closed
  // would otherwise stay open, idle, until its keep-alive timeout (72 s), and hold the closing app up until then.
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.state !== 'serving') reply.header('connection', 'close');
  });

  let warned = false;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (lifecycle.state === 'closing') {
      const refusal = shuttingDown();
      return reply.code(refusal.status).headers(refusal.headers).send(refusal.toBody());
    }
    if (!warned) {
      const headers = untrustedForwarding(request);
      if (headers) {
        warned = true;
        // The peer's address and the header names only: header values may carry client addresses, never needed here.
        request.log.warn(
          { peer: request.socket.remoteAddress, headers },
          'Requests arrive with forwarded headers from a peer TRUST_PROXY does not name: every client then counts as that peer ' +
            '(sign-in throttling holds them together) and https is not recognised. Set TRUST_PROXY to the proxy\'s address, and have it send ' +
            'X-Forwarded-For and X-Forwarded-Proto (README, "Running several instances"). Logged once.',
        );
      }
    }
    return undefined;
  });
}
