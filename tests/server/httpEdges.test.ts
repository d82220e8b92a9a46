// Answers at the edges of HTTP, before or around the handlers: malformed addresses, over-long path parameters
// and caching. Every error leaves in the contract's Error shape, and nothing personal stays in a cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ERROR_KEYS = ['code', 'details', 'message'];

describe('malformed addresses', () => {
  it.each(['/external/zones/%E0%A4%A', '/external/publishers/%ZZ', '/external/zones/1/slots/%'])(
    'answers %s with 400 in the Error shape, without echoing the address',
    async (url) => {
      const res = await t.call({ method: 'GET', url, as: 'solo' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(Object.keys(body).every((key) => ERROR_KEYS.includes(key))).toBe(true);
      expect(res.body).not.toContain('FST_');
      expect(res.body).not.toContain(url.split('/').pop());
    },
  );

  it('answers a path parameter longer than the router takes with 414 in the Error shape', async () => {
    const res = await t.call({ method: 'GET', url: `/external/zones/${'1'.repeat(120)}`, as: 'solo' });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'URI_TOO_LONG', message: expect.any(String) });
    expect(res.body).not.toContain('1'.repeat(120));
  });
});
