// `npm run dev`: Vite's dev server proxies the API paths to the server and tells it, in X-Forwarded-For/-Host/
// -Proto, whom and which address the browser asked (what a trusting server reads: tests/server/behindProxy.test.ts).
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

const seen: IncomingHttpHeaders[] = [];
const api = createHttpServer((request, response) => {
  seen.push(request.headers);
  response.setHeader('content-type', 'application/json').end('{"status":"ok"}');
});
let vite: ViteDevServer;
let viteUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const previous = process.env.API_URL;
  process.env.API_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  try {
    vite = await createServer({
      configFile: path.resolve(import.meta.dirname, '../../../vite.config.ts'),
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
  } finally {
    if (previous === undefined) delete process.env.API_URL;
    else process.env.API_URL = previous;
  }
  await vite.listen();
  viteUrl = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
}, 30_000);
afterAll(async () => {
  await vite?.close();
  await new Promise((resolve) => api.close(resolve));
});

it('forwards an API path with the address, host and scheme the browser used', async () => {
  const res = await fetch(`${viteUrl}/healthz`);
  expect(await res.json()).toEqual({ status: 'ok' });
  expect(seen.at(-1)).toMatchObject({
    'x-forwarded-for': '127.0.0.1',
    'x-forwarded-host': new URL(viteUrl).host,
    'x-forwarded-proto': 'http',
  });
});
