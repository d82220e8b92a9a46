// Logger settings of the API. Per-request lines (incoming / completed) are written in production only: in
// development the terminal keeps to what a developer reads, such as the e-mails the server would have sent.
// Secrets carried in addresses (a reset link's tk opening the console's /auth page, a ?jwt= sign-in link,
// a frame token) are masked in every logged URL.
import { LogController, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config';

const SECRET_PARAMS = /([?&](?:tk|jwt|token)=)[^&#]*/g;

/** The URL with the values of secret query parameters replaced by "***". */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1***');

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(
  config: ServerConfig,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level: config.logLevel,
      ...(stream ? { stream } : {}),
      serializers: {
        // Fastify's own request serializer, with the URL masked.
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    logController: new LogController({ disableRequestLogging: config.mode !== 'production' }),
  };
}
