// A body over the limit is refused with 413 before it is read, but the answer is sent only once the client has
// sent the rest of it (read and dropped, up to a bound): a server that answers and closes while the client is
// still writing makes the client's write fail (EPIPE, ECONNRESET), and a client that writes the whole request
// before it reads sees that failure instead of the answer. Past the bound, or when the client stalls, the answer
// goes at once and the connection is closed (Connection: close) as before.
import type { IncomingMessage } from 'node:http';

export interface DrainLimits {
  /** Most bytes read and dropped; a body declared larger is not read at all. */
  bytes: number;
  /** Longest wait for the rest of the body. */
  ms: number;
}

export const DRAIN_LIMITS: DrainLimits = { bytes: 64 * 1024 * 1024, ms: 10_000 };

/** Resolves when the request's body has been read to its end, or when the limits say to stop waiting. */
export function drainRequest(raw: IncomingMessage, limits: DrainLimits = DRAIN_LIMITS): Promise<void> {
  if (raw.readableEnded || raw.destroyed || Number(raw.headers['content-length']) > limits.bytes) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('close', done).off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      received += chunk.length;
      if (received > limits.bytes) done();
    };
    const timer = setTimeout(done, limits.ms);
    raw.on('data', onData).once('end', done).once('close', done).once('error', done);
    raw.resume();
  });
}
