// Monitored sites (issue 27) as the contract answers them, for the monitor's component tests.
import type { AdsTxtSiteDetailRecord, AdsTxtSiteRecord } from '../../../../src/dataProvider/resources';

export function site(overrides: Partial<AdsTxtSiteRecord> = {}): AdsTxtSiteRecord {
  return {
    id: 2,
    publisher: { id: 101, name: 'Atlas News' },
    domain: 'atlasnews.co.uk',
    kind: 'ads.txt',
    status: 'MISSING_LINES',
    declaredBy: null,
    lastCrawlAt: '2026-12-02T08:00:00Z',
    nextCrawlAt: '2026-12-03T08:00:00Z',
    lastGoodFileAt: '2026-12-02T08:00:00Z',
    failure: null,
    revenueAtStake: 20216.737,
    zoneCount: 22,
    ...overrides,
  };
}

const FILE = '# Atlas\nadnetwork.example, pub-101, RESELLER, f08c47fec0942fa0\nother-ssp.example, 42, RESELLER\n';

/** The detail as getAdsTxtSite answers it: { site, ...detail }. */
export function detail(overrides: Partial<AdsTxtSiteRecord> = {}, rest: Partial<Omit<AdsTxtSiteDetailRecord, keyof AdsTxtSiteRecord>> = {}) {
  return {
    site: site(overrides),
    url: 'https://atlasnews.co.uk/ads.txt',
    ownerDomain: null,
    sellersJsonDomain: 'atlasnews.com',
    ownerDomainMatches: null,
    file: { text: FILE, url: 'https://atlasnews.co.uk/ads.txt', fetchedAt: '2026-12-02T08:00:00Z', lineCount: 3 },
    missingLines: ['adnetwork.example, 10005, DIRECT, f08c47fec0942fa0'],
    problemLines: [{ line: 2, text: 'adnetwork.example, pub-101, RESELLER, f08c47fec0942fa0', problem: 'WRONG' as const, expected: 'adnetwork.example, pub-101, DIRECT, f08c47fec0942fa0' }],
    linesToAdd: 'adnetwork.example, 10005, DIRECT, f08c47fec0942fa0\nadnetwork.example, pub-101, DIRECT, f08c47fec0942fa0',
    ...rest,
  };
}

export const authorisedDetail = () =>
  detail({ status: 'AUTHORISED', lastCrawlAt: '2026-12-03T09:00:00Z' }, { missingLines: [], problemLines: [], linesToAdd: '' });
