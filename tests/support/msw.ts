// MSW for console tests: the real client and data provider run, only the network is answered here.
// Unhandled requests fail the test, so a call to a wrong path or host never passes silently.
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/dataProvider/client';
import { TEST_API_BASE, TEST_AUTH_BASE, type Publisher } from './builders';
import { IMPLEMENTATION_TYPES, PLACEMENTS, SERVICES, SLOT_SIZES } from './referenceData';

export { http, HttpResponse };

/** Absolute URL pattern of a main-API path; `:name` segments are MSW path parameters. */
export const apiUrl = (path: string) => `${TEST_API_BASE}${path}`;
export const authUrl = (path: string) => `${TEST_AUTH_BASE}${path}`;

/** The reference resources as the seeded server answers them (services, slot sizes, implementation types, placements). */
export const referenceHandlers = [
  http.get(apiUrl('/external/services'), () => HttpResponse.json(SERVICES)),
  http.get(apiUrl('/external/slot-sizes'), () => HttpResponse.json(SLOT_SIZES)),
  http.get(apiUrl('/external/implementation-types'), () => HttpResponse.json(IMPLEMENTATION_TYPES)),
  http.get(apiUrl('/external/slot-placements'), () => HttpResponse.json(PLACEMENTS)),
];

/**
 * What the signed-in layout reads besides the page (PortalLayout): the header's revenue alerts count, none unread
 * (tests/component/resources/alerts/AlertsControl.test.tsx), and the selected publisher again for its role, answered
 * as stored. `stored` gives the session's publisher.
 */
export const layoutHandlers = (stored: () => Publisher | null) => [
  http.get(apiUrl('/external/publishers/:publisherId/alert-summary'), ({ params }) => HttpResponse.json({ publisherId: Number(params.publisherId), unread: 0 })),
  http.get(apiUrl('/external/publishers/:publisherId'), () => HttpResponse.json(stored())),
];

/**
 * What every test file answers unless it says otherwise: the end of the session at sign-out (the authProvider's
 * logout ends it on the server, issue 22), which any test that signs out meets.
 */
const defaultHandlers = [http.delete(apiUrl('/external/me/sessions/:sessionId'), () => new HttpResponse(null, { status: 204 }))];

/** Starts an MSW server for the calling test file: listen before all, reset handlers after each, close after all. */
export function setupMsw(...handlers: RequestHandler[]): SetupServer {
  const server = setupServer(...handlers, ...defaultHandlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** Every request the server sees during a test (cloned, so bodies can be read), emptied after each test. */
export function recordRequests(server: SetupServer): Request[] {
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone());
  });
  afterEach(() => {
    requests.length = 0;
  });
  return requests;
}

/** Every main-API call answers `answer` (JSON, or no content for null; `raw` for a non-JSON body). */
export function answerEveryCall(server: SetupServer, answer: unknown, init: ResponseInit & { raw?: string } = {}): void {
  server.use(
    http.all(`${TEST_API_BASE}/*`, () => {
      if (init.raw !== undefined) return new HttpResponse(init.raw, init);
      return answer === null ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(answer, init);
    }),
  );
}

/** The last recorded request as 'METHOD /path?query', its JSON body and its credentials. */
export async function lastCall(requests: readonly Request[]) {
  const request = requests.at(-1);
  if (request === undefined) throw new Error('no request was made');
  const url = new URL(request.url);
  const text = await request.clone().text();
  return {
    line: `${request.method} ${url.pathname}${url.search}`,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    authorization: request.headers.get('authorization'),
    app: request.headers.get('x-app'),
  };
}

/** The contract's error body. */
export function apiError(status: number, code: string, message = code) {
  return HttpResponse.json({ code, message }, { status });
}

/** A client against the test bases, with a fixed token unless given a getter. */
export function testClient(options: { token?: string | null; getToken?: () => string | null; timeoutMs?: number } = {}): ApiClient {
  return createApiClient({
    config: { apiBaseUrl: TEST_API_BASE, authBaseUrl: TEST_AUTH_BASE },
    getToken: options.getToken ?? (() => options.token ?? null),
    timeoutMs: options.timeoutMs,
  });
}
