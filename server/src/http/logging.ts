// Logger settings of the API. Per-request lines (incoming / completed) are written in production only: in
// development the terminal keeps to what a developer reads. Secrets carried in addresses (a reset link's tk
// opening the console's /auth page, a ?jwt= sign-in link, a frame token, the development mailbox's key) are
// masked in every logged URL.
import { LogController, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config';

/** tk: a reset link's token; jwt: a sign-in link's; token: a frame's; key: the development mailbox's. */
const SECRET_NAMES = new Set(['tk', 'jwt', 'token', 'key']);

/**
 * Whether a raw query parameter name is one of the secret ones however it is spelled: percent-encoded (%74k),
 * with a bracket suffix (tk[]), in capitals (TK). A name that cannot be decoded counts as secret.
 */
function isSecretName(raw: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return true;
  }
  return SECRET_NAMES.has(name.replace(/\[.*$/, '').trim().toLowerCase());
}

/** The URL with the values of secret query parameters replaced by "***". */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals >= 0 && isSecretName(pair.slice(0, equals)) ? `${pair.slice(0, equals)}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}

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
