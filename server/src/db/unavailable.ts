// Whether an error says the database could not be reached or went away, rather than that a statement failed: the
// API answers those 503 SERVICE_UNAVAILABLE (the caller may try again shortly) instead of 500, and readiness
// reports not ready. A statement that failed on a live connection (a constraint, a bug) is not one of them.

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * SQLSTATEs of a server that is going or not there yet: class 08 (connection exception), 57P01-57P03 (the server
 * shuts down, crashed, or is starting), 53300 (no connection slot left).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;

/** node-postgres' own words when a connection is cut or cannot be had in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((words) => message.startsWith(words))) return true;
    // AggregateError (a host name with several addresses, each refused).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
