import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { drainRequest } from '../../../server/src/http/drain';

/** A request body the test writes, with the headers it declares. */
function body(headers: Record<string, string> = {}) {
  return Object.assign(new PassThrough(), { headers }) as unknown as IncomingMessage & PassThrough;
}

describe('drainRequest (the rest of a refused body, before the 413)', () => {
  it('waits for the end of the body, reading and dropping it', async () => {
    const raw = body();
    let drained = false;
    const drain = drainRequest(raw, { bytes: 1000, ms: 5000 }).then(() => (drained = true));
    raw.write('x'.repeat(600));
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    raw.end('x'.repeat(300));
    await drain;
    expect(raw.readableEnded).toBe(true);
  });

  it('stops reading past its bound, and does not start for a body declared larger', async () => {
    const long = body();
    const drain = drainRequest(long, { bytes: 100, ms: 5000 });
    long.write('x'.repeat(200));
    await drain;
    expect(long.readableEnded).toBe(false);
    await drainRequest(body({ 'content-length': '101' }), { bytes: 100, ms: 5000 });
  });

  it('stops waiting for a client that stalls', async () => {
    const started = Date.now();
    await drainRequest(body(), { bytes: 100, ms: 30 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
