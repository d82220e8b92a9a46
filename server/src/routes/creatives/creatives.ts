// The ad review center (issue 28): the creatives that served on a publisher's zones, one creative with where and
// when it served, bad-ad reports (staff read them across publishers) and each user's 'last visit' mark. Blocking
// a creative is no call of its own: a 'creative' restriction through the blocking routes (routes/blocking).
import { assertFullProduct, publisherFor } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import type { Queryable } from '../../db/db';
import type { RecordChange } from '../../history/types';
import type { AdReportSnapshot } from '../../../../src/lib/history';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { FrameSigner } from '../../http/frameSigner';
import type { Handlers, QueryParams, SuccessBody } from '../../http/handlers';
import { limitOffset, pageOf, pageRequest } from '../../http/paging';
import { FRAME_PAGE_TTL_SECONDS } from '../reporting/frames';
import { ensureCreativeRollup, type RollupPeriod } from './rollup';

type Creative = SuccessBody<'getCreative'>['creative'];
type Period = NonNullable<QueryParams<'listCreatives'>['period']>;

/** The `period` days before `today` (UTC) up to yesterday, as the daily rows' dates. */
export function creativeWindow(period: Period = '30', today = new Date()): { from: string; to: string } {
  const day = (offset: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - offset)).toISOString().slice(0, 10);
  return { from: day(Number(period)), to: day(1) };
}

/** The portal's own signed address of a creative's preview (renderCreativePreview). */
export function previewUrl(frames: FrameSigner, principal: Principal, publisherId: number, creativeId: number): string {
  const { token } = frames.sign({ kind: 'creative-preview', target: String(creativeId), publisherId, userId: principal.id }, FRAME_PAGE_TTL_SECONDS);
  return `/frames/creative-preview/${creativeId}?token=${encodeURIComponent(token)}`;
}

interface CreativeRow {
  id: number;
  advertiserId: number;
  advertiserName: string;
  advertiserDomain: string;
  iabCategories: string[];
  width: number;
  height: number;
  format: Creative['format'];
  firstSeen: string;
  lastSeen: string;
  impressions: string | number;
  revenue: string | number;
  isNew: boolean;
  blockedGlobally: boolean;
  blockedZoneIds: number[];
}

/**
 * The columns of a creative `c` with its figures `f` (impressions, revenue), for publisher $1 and the caller's
 * visit mark `v`: whether a restriction of the publisher, or of one of its zones, blocks it.
 */
const CREATIVE_COLUMNS = `c.id, c.advertiser_id AS "advertiserId", a.name AS "advertiserName", c.advertiser_domain AS "advertiserDomain",
       c.iab_categories AS "iabCategories", c.width, c.height, c.format,
       to_char(c.first_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "firstSeen",
       to_char(c.last_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastSeen",
       f.impressions, f.revenue,
       (v.visited_at IS NULL OR c.first_seen_at > v.visited_at) AS "isNew",
       EXISTS (SELECT 1 FROM restrictions r WHERE r.entity_type = 'publisher' AND r.entity_id = $1
                 AND r.restriction_type = 'creative' AND r.value = c.id::text AND r.clusivity = 'EXCLUDE') AS "blockedGlobally",
       ARRAY(SELECT r.entity_id FROM restrictions r
              WHERE r.publisher_id = $1 AND r.entity_type = 'zone' AND r.restriction_type = 'creative'
                AND r.value = c.id::text AND r.clusivity = 'EXCLUDE' ORDER BY r.entity_id) AS "blockedZoneIds"`;

function creativeJson(row: CreativeRow, url: string): Creative {
  return {
    id: row.id,
    advertiser: { id: row.advertiserId, name: row.advertiserName },
    advertiserDomain: row.advertiserDomain,
    iabCategories: row.iabCategories,
    width: row.width,
    height: row.height,
    size: `${row.width}x${row.height}`,
    format: row.format,
    previewUrl: url,
    firstSeen: row.firstSeen,
    lastSeen: row.lastSeen,
    impressions: Number(row.impressions),
    revenue: Number(row.revenue),
    isNew: row.isNew,
    blockedGlobally: row.blockedGlobally,
    blockedZoneIds: row.blockedZoneIds,
  };
}

const ROLLUP_SORT_COLUMNS = { impressions: 'f.impressions', revenue: 'f.revenue', newest: 'f.first_seen_at' } as const;
/** The rollup's zone of a list over all the publisher's zones. */
const ALL_ZONES = 0;

/** LIKE pattern of a search term: `%`, `_` and `\` match themselves. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function currencyOf(db: Queryable, publisherId: number): Promise<string> {
  return (await db.one<{ currency: string | null }>('SELECT currency FROM publishers WHERE id = $1', [publisherId]))?.currency ?? 'USD';
}

async function visitMark(db: Queryable, principal: Principal, publisherId: number): Promise<string | null> {
  const row = await db.one<{ at: string }>(
    `SELECT to_char(visited_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM creative_visits WHERE user_id = $1 AND publisher_id = $2`,
    [principal.id, publisherId],
  );
  return row?.at ?? null;
}

/** The creative of this publisher, or 404 (another publisher's answers like a missing one). */
async function ownCreative(db: Queryable, publisherId: number, creativeId: number): Promise<{ id: number; advertiserId: number }> {
  const row = await db.one<{ id: number; advertiserId: number }>(
    'SELECT id, advertiser_id AS "advertiserId" FROM creatives WHERE id = $1 AND publisher_id = $2',
    [creativeId, publisherId],
  );
  if (!row) throw notFound('Creative not found');
  return row;
}

export const creativeHandlers: Handlers = {
  async listCreatives({ db, principal, frames, params, query }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    assertFullProduct(publisher);
    const window = creativeWindow(query.period);
    // The figures come from the rollup of the period (migration 0022, rollup.ts), fresh as of its last day.
    const period = Number(query.period ?? '30') as RollupPeriod;
    await ensureCreativeRollup(db, params.publisherId, period, window.to);
    const request = pageRequest(query);
    const [limit, offset] = limitOffset(request);
    const direction = query.direction === 'ASC' ? 'ASC' : 'DESC';
    // By the rollup's own columns, so each sort walks its index (creative_rollup_*_idx) and stops at the page.
    const order = `${ROLLUP_SORT_COLUMNS[query.sortBy ?? 'impressions']} ${direction}, f.creative_id ${direction}`;
    const [width, height] = query.adSize ? query.adSize.split('x').map(Number) : [null, null];
    const term = query.searchTerm?.trim() ?? '';
    const blocked = `(EXISTS (SELECT 1 FROM restrictions r WHERE r.publisher_id = $1 AND r.restriction_type = 'creative'
                                AND r.value = c.id::text AND r.clusivity = 'EXCLUDE'))`;
    const filtered = `FROM creative_rollup f JOIN creatives c ON c.id = f.creative_id
         JOIN advertisers a ON a.id = c.advertiser_id
         LEFT JOIN creative_visits v ON v.user_id = $4 AND v.publisher_id = $1
        WHERE f.publisher_id = $1 AND f.period = $2 AND f.zone_id = $3
          AND ($5::int IS NULL OR f.advertiser_id = $5)
          AND ($6::text IS NULL OR $6 = ANY (c.iab_categories))
          AND ($7::text IS NULL OR c.format = $7)
          AND ($8::int IS NULL OR (c.width = $8 AND c.height = $9))
          AND (NOT $10::boolean OR v.visited_at IS NULL OR c.first_seen_at > v.visited_at)
          AND ($11::boolean IS NULL OR ${blocked} = $11)
          AND ($12::text = '' OR lower(a.name) LIKE lower($13) OR lower(c.advertiser_domain) LIKE lower($13) OR c.id::text = $12)`;
    const filters = [params.publisherId, period, query.zoneId ?? ALL_ZONES, principal.id, query.advertiserId ?? null,
      query.category ?? null, query.format ?? null, width, height, query.newSinceLastVisit ?? false, query.blocked ?? null, term,
      containsPattern(term)];
    const rows = await db.query<CreativeRow>(
      `SELECT ${CREATIVE_COLUMNS} ${filtered} ORDER BY ${order} LIMIT $14 OFFSET $15`,
      [...filters, limit, offset],
    );
    // The total: a key lookup without filters (or with the zone's alone), the advertiser index's entries with the
    // advertiser's, else the filtered rows counted.
    const onlyZoneOrAdvertiser = query.category === undefined && query.format === undefined && width === null
      && !(query.newSinceLastVisit ?? false) && query.blocked === undefined && term === '';
    const total = Number(
      onlyZoneOrAdvertiser && query.advertiserId === undefined
        ? ((await db.one<{ n: number }>(
            'SELECT creatives AS n FROM creative_rollup_counts WHERE publisher_id = $1 AND period = $2 AND zone_id = $3',
            [params.publisherId, period, query.zoneId ?? ALL_ZONES],
          ))?.n ?? 0)
        : onlyZoneOrAdvertiser
          ? ((await db.one<{ n: string }>(
              'SELECT count(*) AS n FROM creative_rollup WHERE publisher_id = $1 AND period = $2 AND zone_id = $3 AND advertiser_id = $4',
              [params.publisherId, period, query.zoneId ?? ALL_ZONES, query.advertiserId],
            ))?.n ?? 0)
          : ((await db.one<{ n: string }>(`SELECT count(*) AS n ${filtered}`, filters))?.n ?? 0),
    );
    return {
      ...pageOf(rows.map((row) => creativeJson(row, previewUrl(frames, principal, params.publisherId, row.id))), total, request),
      currency: await currencyOf(db, params.publisherId),
      ...window,
      lastVisitAt: await visitMark(db, principal, params.publisherId),
    };
  },

  async getCreative({ db, principal, frames, params, query }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    const { advertiserId } = await ownCreative(db, params.publisherId, params.creativeId);
    const window = creativeWindow(query.period);
    const rows = await db.query<CreativeRow>(
      `WITH f AS (
         SELECT c.id AS creative_id, coalesce(sum(d.impressions), 0)::int8 AS impressions, coalesce(sum(d.revenue), 0)::numeric AS revenue
           FROM creatives c LEFT JOIN creative_daily d ON d.creative_id = c.id AND d.day BETWEEN $2::date AND $3::date
          WHERE c.publisher_id = $1 AND c.advertiser_id = $4
          GROUP BY c.id)
       SELECT ${CREATIVE_COLUMNS}
         FROM f JOIN creatives c ON c.id = f.creative_id
         JOIN advertisers a ON a.id = c.advertiser_id
         LEFT JOIN creative_visits v ON v.user_id = $5 AND v.publisher_id = $1
        ORDER BY (c.id = $6) DESC, f.impressions DESC, c.id
        LIMIT 21`,
      [params.publisherId, window.from, window.to, advertiserId, principal.id, params.creativeId],
    );
    const [self, ...others] = rows.map((row) => creativeJson(row, previewUrl(frames, principal, params.publisherId, row.id)));
    if (!self || self.id !== params.creativeId) throw notFound('Creative not found');
    const zones = await db.query<{ zoneId: number; name: string; impressions: string; revenue: string }>(
      `SELECT d.zone_id AS "zoneId", z.name, sum(d.impressions)::int8 AS impressions, sum(d.revenue)::numeric AS revenue
         FROM creative_daily d JOIN zones z ON z.tracking_id = d.zone_id
        WHERE d.creative_id = $1 AND d.day BETWEEN $2::date AND $3::date
        GROUP BY d.zone_id, z.name ORDER BY 3 DESC, 1`,
      [params.creativeId, window.from, window.to],
    );
    const days = await db.query<{ day: string; impressions: string; revenue: string }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, sum(d.impressions)::int8 AS impressions, sum(d.revenue)::numeric AS revenue
         FROM creative_daily d WHERE d.creative_id = $1 AND d.day BETWEEN $2::date AND $3::date
        GROUP BY d.day ORDER BY d.day`,
      [params.creativeId, window.from, window.to],
    );
    const figures = <T extends { impressions: string; revenue: string }>(row: T) => ({ ...row, impressions: Number(row.impressions), revenue: Number(row.revenue) });
    return {
      creative: self,
      currency: await currencyOf(db, params.publisherId),
      ...window,
      zones: zones.map(figures),
      days: days.map(figures),
      otherCreatives: others.slice(0, 20),
    };
  },

  async reportCreative({ db, principal, params, body, record }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    await ownCreative(db, params.publisherId, params.creativeId);
    const text = body.text?.trim() ?? '';
    if (body.reason === 'OTHER' && text === '') {
      throw badRequest('Say what is wrong with the ad', [{ field: '/body/text', message: 'is required with reason OTHER' }]);
    }
    const row = await db.one<{ id: number }>(
      `INSERT INTO creative_reports (creative_id, publisher_id, user_id, reason, text) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [params.creativeId, params.publisherId, principal.id > 0 ? principal.id : null, body.reason, text === '' ? null : text],
    );
    const [report] = await reportRows(db, 'r.id = $1', [row!.id], 1, 0);
    await record({ kind: 'AD_REPORT', publisherId: params.publisherId, zone: null, before: null, after: { report: reportSnapshot(report!) } });
    return report!;
  },

  async markCreativesVisited({ db, principal, params }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    const row = await db.one<{ at: string }>(
      `INSERT INTO creative_visits (user_id, publisher_id, visited_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id, publisher_id) DO UPDATE SET visited_at = excluded.visited_at
       RETURNING to_char(visited_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`,
      [principal.id, params.publisherId],
    );
    return { visitedAt: row!.at };
  },

  async listCreativeReports({ db, principal, query }) {
    if (!principal.isInternal || principal.apiKey) throw forbidden('Only network staff read the bad-ad reports');
    const request = pageRequest(query);
    const [limit, offset] = limitOffset(request);
    const total = (await db.one<{ n: string }>('SELECT count(*) AS n FROM creative_reports'))?.n ?? '0';
    return pageOf(await reportRows(db, 'true', [], limit, offset), Number(total), request);
  },
};

type ReportJson = SuccessBody<'reportCreative'>;

/** A report as its history entry keeps it (AD_REPORT). */
const reportSnapshot = (report: ReportJson): AdReportSnapshot => ({
  id: report.id,
  creativeId: report.creativeId,
  advertiser: report.advertiser,
  reason: report.reason,
  text: report.text,
});

/**
 * The undo of a report (history/undo.ts): takes the publisher's report back, recorded as its own AD_REPORT change.
 * False when it is gone already.
 */
export async function withdrawReport(db: Queryable, record: RecordChange, publisherId: number, reportId: number): Promise<boolean> {
  const [report] = await reportRows(db, 'r.id = $1 AND r.publisher_id = $2', [reportId, publisherId], 1, 0);
  if (!report) return false;
  await db.query('DELETE FROM creative_reports WHERE id = $1', [reportId]);
  await record({ kind: 'AD_REPORT', publisherId, zone: null, before: { report: reportSnapshot(report) }, after: null });
  return true;
}

/** Whether the publisher's report is still there (an undo's conflict check). */
export async function reportExists(db: Queryable, publisherId: number, reportId: number): Promise<boolean> {
  return Boolean(await db.one('SELECT 1 FROM creative_reports WHERE id = $1 AND publisher_id = $2', [reportId, publisherId]));
}

async function reportRows(db: Queryable, where: string, params: unknown[], limit: number, offset: number): Promise<ReportJson[]> {
  const n = params.length;
  const rows = await db.query<{
    id: number; creativeId: number; publisherId: number; publisherName: string; advertiserId: number; advertiserName: string;
    reason: ReportJson['reason']; text: string | null; reportedBy: string | null; createdAt: string;
  }>(
    `SELECT r.id, r.creative_id AS "creativeId", p.id AS "publisherId", p.name AS "publisherName", a.id AS "advertiserId",
            a.name AS "advertiserName", r.reason, r.text, u.name AS "reportedBy",
            to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
       FROM creative_reports r JOIN publishers p ON p.id = r.publisher_id JOIN creatives c ON c.id = r.creative_id
       JOIN advertisers a ON a.id = c.advertiser_id LEFT JOIN users u ON u.id = r.user_id
      WHERE ${where}
      ORDER BY r.created_at DESC, r.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, limit, offset],
  );
  return rows.map((row) => ({
    id: row.id,
    creativeId: row.creativeId,
    publisher: { id: row.publisherId, name: row.publisherName },
    advertiser: { id: row.advertiserId, name: row.advertiserName },
    reason: row.reason,
    text: row.text,
    reportedBy: row.reportedBy,
    createdAt: row.createdAt,
  }));
}
