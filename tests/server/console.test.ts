// How the server hands out the built console (server/src/app.ts registerConsole): the precompressed copies that
// `npm run build` writes, cache headers that let browsers keep hashed assets forever but always revalidate
// index.html, the single-page-app fallback, and JSON 404s for the API's own paths. A tiny hand-made dist/
// stands in for the real build so the suite needs no `vite build`.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/x-3f2a1b9c.js"></script></head><body></body></html>';
// Long enough to be worth compressing, and distinct so a wrong file cannot pass.
const SCRIPT = `export const greeting = ${JSON.stringify('hello console '.repeat(200))};\n`;

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-console-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  await writeFile(path.join(dir, 'index.html.gz'), gzipSync(INDEX));
  await writeFile(path.join(dir, 'assets/x-3f2a1b9c.js'), SCRIPT);
  await writeFile(path.join(dir, 'assets/x-3f2a1b9c.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dir, 'assets/x-3f2a1b9c.js.gz'), gzipSync(SCRIPT));
  t = await createTestApp({ CONSOLE_DIR: dir });
});

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('hashed assets', () => {
  it('are sent from the precompressed Brotli copy to a browser that accepts it', async () => {
    const res = await get('/assets/x-3f2a1b9c.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('fall back to the gzip copy, then to the plain file', async () => {
    const gz = await get('/assets/x-3f2a1b9c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/x-3f2a1b9c.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('may be cached for a year without revalidation, since their names change with their content', async () => {
    const res = await get('/assets/x-3f2a1b9c.js', 'br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answer 404 when missing instead of the console page, so a stale tab fails loudly and reloads', async () => {
    const res = await get('/assets/x-00000000.js', 'br');
    expect(res.statusCode).toBe(404);
  });
});

describe('index.html', () => {
  it('is always revalidated, so a deploy reaches browsers at once', async () => {
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('answers every console route (single-page app fallback), with the console CSP', async () => {
    const res = await get('/zones', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toBe(INDEX);
    const deep = await get('/zones/42/slots?tab=2', 'identity');
    expect(deep.body).toBe(INDEX);
  });
});

describe('API paths', () => {
  it('answer an unknown API path with the JSON 404, never with the console page', async () => {
    for (const url of ['/external/unknown', '/auth/unknown', '/dev/unknown']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('are not answered by the console for other methods either', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/external/unknown', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('console pages with another method than GET or HEAD', () => {
  it('answer 405 with Allow: GET, HEAD (every page address takes those), not the page', async () => {
    for (const method of ['POST', 'DELETE', 'TRACE'] as const) {
      const res = await t.app.inject({ method, url: '/zones', payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    }
  });
});
