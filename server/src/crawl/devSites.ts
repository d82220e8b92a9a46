// The development ads.txt sites (issue 27 item 8): one small HTTP server on loopback that answers /ads.txt and
// /app-ads.txt per Host header for Atlas News' demo domains (server/src/db/seed/adsTxtSites.ts), each in one state:
// the network's lines for Atlas News (good), all but the first (missing), the first with the other relationship
// (wrong), 404, an HTML page, 500. main.ts starts it in development (config.devAdsTxtSites) and maps the domains
// to it as CRAWL_HOSTS would, so `npm start` shows every status of the monitor on first start.
//
// What a domain serves can be changed while it runs, for a newcomer trying "Check now" and for the browser tests:
//   curl -X PUT --data good http://127.0.0.1:<port>/_dev/sites/atlasnews.co.uk
// It listens on 127.0.0.1 only, and only ever in development mode.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdsTxtLine } from '../../../src/lib/adsTxt';
import { ATLAS_DEV_SITES, devSiteFile, type DevSiteAnswer } from '../db/seed/adsTxtSites';
import type { MappedAddress } from './fetcher';

const ANSWERS: readonly DevSiteAnswer[] = ['good', 'missing', 'wrong', 'notFound', 'html', 'error'];
const CONTROL = /^\/_dev\/sites\/([a-z0-9.-]{1,253})$/;

export interface DevSites {
  /** http://127.0.0.1:port */
  url: string;
  /** Each demo domain to this server, as CRAWL_HOSTS maps them (config.crawlHosts). */
  hosts: ReadonlyMap<string, MappedAddress>;
  close(): Promise<void>;
}

function body(answer: DevSiteAnswer, lines: readonly AdsTxtLine[]): { status: number; type: string; text: string } {
  const file = (served: readonly AdsTxtLine[]) => ({ status: 200, type: 'text/plain; charset=utf-8', text: devSiteFile(served) });
  const [first, ...rest] = lines;
  switch (answer) {
    case 'good':
      return file(lines);
    case 'missing':
      return file(rest);
    case 'wrong':
      return first ? file([{ ...first, accountType: first.accountType === 'DIRECT' ? 'RESELLER' : 'DIRECT' }, ...rest]) : file(lines);
    case 'notFound':
      return { status: 404, type: 'text/html', text: '<html><body>Not found</body></html>' };
    case 'html':
      return { status: 200, type: 'text/html', text: '<html><body>Welcome</body></html>' };
    case 'error':
      return { status: 500, type: 'text/plain', text: 'Internal Server Error' };
  }
}

/** Starts the sites; `requiredLines` answers the lines the network requires of Atlas News now. */
export async function startDevSites(requiredLines: () => Promise<readonly AdsTxtLine[]>, port = 0): Promise<DevSites> {
  const answers = new Map(ATLAS_DEV_SITES.map((site) => [site.domain, site.answer]));
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const control = CONTROL.exec(path);
    if (control && req.method === 'PUT') {
      let sent = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (sent += chunk.slice(0, 32)));
      req.on('end', () => {
        const domain = control[1] as string;
        const answer = ANSWERS.find((candidate) => candidate === sent.trim());
        if (!answers.has(domain) || !answer) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end(`PUT one of ${ANSWERS.join(', ')} to /_dev/sites/<a demo domain>\n`);
          return;
        }
        answers.set(domain, answer);
        res.writeHead(204).end();
      });
      return;
    }
    const answer = answers.get(host);
    if (!answer || (path !== '/ads.txt' && path !== '/app-ads.txt')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    requiredLines().then(
      (lines) => {
        const { status, type, text } = body(answer, lines);
        res.writeHead(status, { 'content-type': type }).end(text);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('The required lines could not be read\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    hosts: new Map(ATLAS_DEV_SITES.map((site) => [site.domain, { host: '127.0.0.1', port: bound }])),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
