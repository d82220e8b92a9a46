// Zones: the new-zone request, one zone, and its settings. The zones list, services, blocked URLs and embed
// codes live in their own modules; the area's handler table is index.ts.
import { assertFullProduct, publisherFor } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { ApiError, badRequest, type ErrorDetail } from '../../http/errors';
import type { Handlers, JsonBody } from '../../http/handlers';
import type { components } from '../../../../openapi/portal';
import { isValidStoreUrl, normalizeWebDomain } from '../../../../src/lib/domains';
import { publicDomainInfo } from '../../../../src/lib/hosts';
import type { Named } from '../../../../src/lib/history';
import { ZONE_TYPE } from '../../../../src/lib/products';
import { assertServicesAllowed } from './zoneServices';
import { fullProductZone, ZONE_JSON } from './zoneSql';

type Zone = components['schemas']['Zone'];
type ZoneUpdate = JsonBody<'updateZone'>;

/**
 * Web zones store each domain in the wildcard form normalizeWebDomain gives; app zones store store URLs trimmed,
 * otherwise as typed. Entries equal after that are stored once. Any invalid entry refuses the request.
 */
export function zoneDomainEntries(typeId: number, entries: readonly string[]): { kind: 'web' | 'app'; values: string[] } {
  const kind = typeId === ZONE_TYPE.app ? 'app' : 'web';
  const values: string[] = [];
  const details: ErrorDetail[] = [];
  entries.forEach((entry, index) => {
    let value: string | null;
    if (kind === 'app') {
      value = isValidStoreUrl(entry) ? entry.trim() : null;
    } else {
      const normalized = normalizeWebDomain(entry);
      value = normalized.ok ? normalized.value : null;
    }
    if (value === null) {
      const message = kind === 'app' ? 'is not an App Store, Google Play or Amazon Appstore app URL' : 'is not a valid public domain';
      details.push({ field: `/body/domains/${index}`, message, value: entry });
    } else if (!values.includes(value)) {
      values.push(value);
    }
  });
  if (details.length) throw badRequest(kind === 'app' ? 'Invalid app store URLs' : 'Invalid domains', details);
  return { kind, values };
}

/**
 * An app zone's developer website (issue 27) as stored: a bare public domain, lower-cased, or null for ''. Refused
 * with 400 when it is not a domain, or when the zone is a web zone (only '' is taken there).
 */
function developerWebsiteOf(typeId: number, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  const refuse = (message: string) => badRequest('Invalid developer website', [{ field: '/body/developerWebsite', message, value: raw }]);
  if (typeId !== ZONE_TYPE.app) throw refuse('only app zones have a developer website');
  const info = /^[A-Za-z0-9.-]+$/.test(value) ? publicDomainInfo(value) : null;
  if (info === null) throw refuse('is not a public domain (a bare name like developer.example.com, no scheme or path)');
  return info.hostname;
}

interface StoredSettings {
  name: string;
  enabled: boolean;
  verticalId: number | null;
  zoneGradeId: number | null;
  msaStartDate: string | null;
  developerWebsite: string | null;
  verticalKnown: boolean;
  zoneGradeKnown: boolean;
}

/** The fields the network's review and classification own: an external caller may only send them unchanged. */
const CLASSIFICATION_FIELDS = ['enabled', 'verticalId', 'zoneGradeId', 'msaStartDate'] as const;

async function zoneJson(db: Queryable, trackingId: number): Promise<Zone> {
  const row = await db.one<{ zone: Zone }>(`SELECT ${ZONE_JSON} AS zone FROM zones z WHERE z.tracking_id = $1`, [trackingId]);
  if (!row) throw new Error(`zone ${trackingId} vanished`);
  return row.zone;
}

export const zoneHandlers: Handlers = {
  async requestZone({ db, principal, body, record }) {
    // With an API key, in the name of the key's maker (issue 29): a zone is always requested by a person.
    const requester = principal.apiKey ? principal.apiKey.makerId : principal.id;
    if (requester === null || body.userId !== requester) {
      throw new ApiError(403, 'FORBIDDEN', 'A zone can only be requested in your own name', [
        { field: '/body/userId', message: "must be the caller's own id" },
      ]);
    }
    const publisher = await publisherFor(db, principal, body.publisherId);
    assertFullProduct(publisher);
    const domains = zoneDomainEntries(body.typeId, body.domains);
    await assertServicesAllowed(db, body.services, [body.typeId], (index) => `/body/services/${index}`);

    // Created disabled: ads must not run before the network's 72-hour review, which enables the zone.
    const name = body.name.trim();
    const zone = await db.one<{ trackingId: number }>(
      `INSERT INTO zones (publisher_id, user_id, name, enabled, type_id)
       VALUES ($1, $2, $3, false, $4) RETURNING tracking_id AS "trackingId"`,
      [publisher.id, requester, name, body.typeId],
    );
    const trackingId = zone!.trackingId;
    await db.query(
      `INSERT INTO zone_domains (zone_id, domain, kind)
       SELECT $1, entry.domain, $3 FROM unnest($2::text[]) WITH ORDINALITY AS entry (domain, position) ORDER BY entry.position`,
      [trackingId, domains.values, domains.kind],
    );
    if (body.services.length) {
      await db.query('INSERT INTO zone_services (zone_id, service_id, enabled) SELECT $1, unnest($2::int[]), true', [trackingId, body.services]);
    }
    const products = await db.query<Named>('SELECT id, name FROM services WHERE id = ANY($1::int[]) ORDER BY id', [body.services]);
    await record({
      kind: 'ZONE',
      publisherId: publisher.id,
      zone: { id: trackingId, name },
      before: null,
      after: { name, enabled: false, typeId: body.typeId, verticalId: null, zoneGradeId: null, msaStartDate: null, domains: domains.values, products },
    });
    return { trackingId };
  },

  async getZone({ db, principal, params }) {
    await fullProductZone(db, principal, params.zoneId);
    return zoneJson(db, params.zoneId);
  },

  async updateZone({ db, principal, params, body, record }) {
    const zone = await fullProductZone(db, principal, params.zoneId);
    if (body.typeId !== zone.typeId) {
      throw badRequest("A zone's type cannot change; request a new zone instead", [
        { field: '/body/typeId', message: "must be the zone's current type", value: body.typeId },
      ]);
    }
    const stored = (await db.one<StoredSettings>(
      `SELECT z.name, z.enabled, z.vertical_id AS "verticalId", z.zone_grade_id AS "zoneGradeId",
              to_char(z.msa_start_date, 'YYYY-MM-DD') AS "msaStartDate", z.developer_website AS "developerWebsite",
              ($2::int IS NULL OR EXISTS (SELECT 1 FROM verticals v WHERE v.id = $2)) AS "verticalKnown",
              ($3::int IS NULL OR EXISTS (SELECT 1 FROM zone_grades g WHERE g.id = $3)) AS "zoneGradeKnown"
         FROM zones z WHERE z.tracking_id = $1`,
      [params.zoneId, body.verticalId ?? null, body.zoneGradeId ?? null],
    ))!;
    const unknown: ErrorDetail[] = [];
    if (!stored.verticalKnown) unknown.push({ field: '/body/verticalId', message: 'is not a known vertical', value: body.verticalId });
    if (!stored.zoneGradeKnown) unknown.push({ field: '/body/zoneGradeId', message: 'is not a known zone grade', value: body.zoneGradeId });
    if (unknown.length) throw badRequest('Unknown classification', unknown);

    const next = {
      enabled: body.enabled,
      verticalId: body.verticalId === undefined ? stored.verticalId : body.verticalId,
      zoneGradeId: body.zoneGradeId === undefined ? stored.zoneGradeId : body.zoneGradeId,
      msaStartDate: body.msaStartDate === undefined ? stored.msaStartDate : body.msaStartDate,
    } satisfies Pick<ZoneUpdate, (typeof CLASSIFICATION_FIELDS)[number]>;
    if (!principal.isInternal) {
      const changed = CLASSIFICATION_FIELDS.filter((field) => next[field] !== stored[field]);
      if (changed.length) {
        throw new ApiError(
          403,
          'FORBIDDEN',
          'Only the network can change the review and classification of a zone',
          changed.map((field) => ({ field: `/body/${field}`, message: 'can only be changed by the network' })),
        );
      }
    }
    const name = body.name.trim();
    const developerWebsite = body.developerWebsite === undefined ? stored.developerWebsite : developerWebsiteOf(zone.typeId, body.developerWebsite);
    await db.query(
      `UPDATE zones SET name = $2, enabled = $3, vertical_id = $4, zone_grade_id = $5, msa_start_date = $6::date, developer_website = $7
        WHERE tracking_id = $1`,
      [params.zoneId, name, next.enabled, next.verticalId, next.zoneGradeId, next.msaStartDate, developerWebsite],
    );
    const after = { name, ...next, developerWebsite };
    const changed = (['name', ...CLASSIFICATION_FIELDS, 'developerWebsite'] as const).filter((field) => after[field] !== stored[field]);
    await record({
      kind: 'ZONE',
      publisherId: zone.publisherId,
      zone: { id: params.zoneId, name },
      before: Object.fromEntries(changed.map((field) => [field, stored[field]])),
      after: Object.fromEntries(changed.map((field) => [field, after[field]])),
    });
    return zoneJson(db, params.zoneId);
  },
};
