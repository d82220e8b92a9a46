// GET /metrics (issue 29): the process's metrics in Prometheus text format (metrics.ts), for this machine or a
// scraper holding METRICS_TOKEN. "This machine" is the socket's peer, never X-Forwarded-For (a client can write
// it), and only without forwarded headers: a proxy on this machine (npm run cluster) would make every client
// loopback otherwise.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors';
import { SENT, type Handlers } from '../../http/handlers';
import { isLoopbackAddress } from '../../http/loopback';
import { CONTENT_TYPE, scrape } from '../../metrics';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The configured token against the request's, in constant time (both hashed first, so their lengths agree). */
function holdsToken(request: FastifyRequest, token: string | null): boolean {
  const sent = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  return token !== null && sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

const forwarded = (request: FastifyRequest) => ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);

export const metricsHandlers: Handlers = {
  async getMetrics({ config, request, reply }) {
    const local = isLoopbackAddress(request.socket.remoteAddress) && !forwarded(request);
    if (!local && !holdsToken(request, config.metricsToken)) throw forbidden('Metrics are for this machine, or a scraper holding METRICS_TOKEN');
    void reply.code(200).type(CONTENT_TYPE).header('cache-control', 'no-store').send(await scrape());
    return SENT;
  },
};
