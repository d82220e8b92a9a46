// The ad review center's calls (issue 28) as the reference server answers them, for the component tests: the
// creatives list and one creative, the publisher's zones for the zone filter, the IAB parents, the restriction
// groups the block dialog reads, the revenue at stake, and the writes (blocks, unblock, report, visit mark).
import type { SetupServer } from 'msw/node';
import type { components } from '../../../../openapi/portal';
import { apiUrl, http, HttpResponse } from '../../../support/msw';

type Schemas = components['schemas'];
export type Creative = Schemas['Creative'];

export function creative(overrides: Partial<Creative> = {}): Creative {
  return {
    id: 12,
    advertiser: { id: 501, name: 'Green Pine Motors' },
    advertiserDomain: 'green-pine-motors.net',
    iabCategories: ['IAB2', 'IAB2-3'],
    width: 300,
    height: 250,
    size: '300x250',
    format: 'display',
    previewUrl: '/frames/creative-preview/12?token=signed-token-for-the-test-000000',
    firstSeen: '2026-11-10T08:00:00.000Z',
    lastSeen: '2026-12-01T20:00:00.000Z',
    impressions: 462114,
    revenue: 5242.66,
    isNew: false,
    blockedGlobally: false,
    blockedZoneIds: [],
    ...overrides,
  };
}

export const ZONES = [
  { zoneId: 1001, name: 'Atlas Homepage', impressions: 300000, revenue: 3400.12 },
  { zoneId: 1002, name: 'Atlas Sports', impressions: 162114, revenue: 1842.54 },
];

export function detail(of: Creative = creative(), others: Creative[] = [creative({ id: 13, size: '728x90' })]): Schemas['CreativeDetail'] {
  return {
    creative: of,
    currency: 'USD',
    from: '2026-11-02',
    to: '2026-12-01',
    zones: ZONES,
    days: [
      { day: '2026-11-30', impressions: 20000, revenue: 230.5 },
      { day: '2026-12-01', impressions: 21000, revenue: 240.25 },
    ],
    otherCreatives: others,
  };
}

/** Answers every call of the review with `creatives` (one page) and `one` for any creative id. */
export function serveCreatives(server: SetupServer, creatives: Creative[], one: Schemas['CreativeDetail'] = detail()) {
  server.use(
    http.get(apiUrl('/external/publishers/:publisherId/creatives'), () =>
      HttpResponse.json({ content: creatives, page: 0, size: 20, totalElements: creatives.length, totalPages: 1, currency: 'USD', from: '2026-11-02', to: '2026-12-01', lastVisitAt: null }),
    ),
    http.get(apiUrl('/external/publishers/:publisherId/creatives/:creativeId'), () => HttpResponse.json(one)),
    http.post(apiUrl('/external/publishers/:publisherId/zones/search'), () =>
      HttpResponse.json({ content: ZONES.map((zone) => ({ trackingId: zone.zoneId, name: zone.name })), page: 0, size: 100, totalElements: ZONES.length, totalPages: 1 }),
    ),
    http.get(apiUrl('/external/iab-categories-v1'), () => HttpResponse.json([{ id: 'IAB2', name: 'Automotive', parentId: null, label: 'Automotive (IAB2)', subCategories: [] }])),
    http.get(apiUrl('/external/:entity/:entityId/restrictions'), () => HttpResponse.json([])),
    http.post(apiUrl('/external/:entity/:entityId/restrictions/revenue-at-stake'), async ({ request }) => {
      const { items } = (await request.json()) as Schemas['RevenueAtStakeRequest'];
      const rows = items.map((item) => ({ ...item, revenue: 1234.5, impressions: 100000, revenueShare: 0.02, impressionShare: 0.03 }));
      return HttpResponse.json({
        currency: 'USD',
        from: '2026-11-02',
        to: '2026-12-01',
        total: { revenue: 61725, impressions: 3_000_000 },
        items: rows,
        sum: { revenue: 1234.5 * rows.length, impressions: 100000 * rows.length, revenueShare: 0.02, impressionShare: 0.03 },
      } satisfies Schemas['RevenueAtStake']);
    }),
    http.post(apiUrl('/external/:entity/:entityId/restrictions/bulk'), async ({ request }) => {
      const [body] = (await request.json()) as Schemas['RestrictionBulk'];
      return HttpResponse.json([{ restrictionType: body!.type, clusivity: 'EXCLUDE', restrictions: [] }]);
    }),
    http.patch(apiUrl('/external/:entity/:entityId/restrictions/bulk'), () => HttpResponse.json({ added: 0, removed: 1 })),
    http.post(apiUrl('/external/publishers/:publisherId/creatives/:creativeId/reports'), async ({ request, params }) => {
      const body = (await request.json()) as Schemas['CreativeReportRequest'];
      return HttpResponse.json(
        {
          id: 1,
          creativeId: Number(params.creativeId),
          publisher: { id: 101, name: 'Atlas News' },
          advertiser: { id: 501, name: 'Green Pine Motors' },
          reason: body.reason,
          text: body.text ?? null,
          reportedBy: 'Max Multi',
          createdAt: '2026-12-02T10:00:00.000Z',
        } satisfies Schemas['CreativeReport'],
        { status: 201 },
      );
    }),
    http.post(apiUrl('/external/publishers/:publisherId/creative-visit'), () => HttpResponse.json({ visitedAt: '2026-12-02T10:00:00.000Z' })),
  );
}
