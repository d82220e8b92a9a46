// Blocked URLs of a zone (asset URL filter patterns). Patterns are written as CONTAINS only (the contract refuses
// REGEX writes; rows set outside the portal may still be REGEX and are listed) and go through the same validation
// the console runs (src/lib/blockedUrls.ts), so a private or reserved host cannot be blocked through the API either.
import { badRequest, conflict, notFound, type ErrorDetail } from '../../http/errors';
import { NO_CONTENT, type Handlers } from '../../http/handlers';
import type { components } from '../../../../openapi/portal';
import { blockedUrlKey, validateBlockedUrl, type BlockedUrlReason } from '../../../../src/lib/blockedUrls';
import { MAX_BLOCKED_URLS_PER_ZONE } from '../../../../src/lib/limits';
import { fullProductZone } from './zoneSql';

type AssetUrlFilterPattern = components['schemas']['AssetUrlFilterPattern'];

const REASON_MESSAGES: Record<BlockedUrlReason, string> = {
  notUrl: 'is not a full http or https URL',
  scheme: 'must be an http or https URL',
  privateHost: 'must point to a public host',
};

const PATTERN_JSON = `id, pattern, url_type AS "urlType", eval_type AS "evalType"`;

const patternField = (index: number) => `/body/zoneAssetUrlFilterPatternParamList/${index}/pattern`;

export const blockedUrlHandlers: Handlers = {
  async listBlockedUrls({ db, principal, params }) {
    await fullProductZone(db, principal, params.zoneId);
    return db.query<AssetUrlFilterPattern>(
      `SELECT ${PATTERN_JSON} FROM asset_url_filter_patterns WHERE zone_id = $1 ORDER BY created_at DESC, id DESC`,
      [params.zoneId],
    );
  },

  async addBlockedUrls({ db, principal, params, body, record }) {
    const zone = await fullProductZone(db, principal, params.zoneId);
    const entries = body.zoneAssetUrlFilterPatternParamList;
    const patterns: string[] = [];
    const invalid: ErrorDetail[] = [];
    entries.forEach((param, index) => {
      const result = validateBlockedUrl(param.pattern);
      if (result.ok) patterns.push(result.value);
      else invalid.push({ field: patternField(index), message: REASON_MESSAGES[result.reason], value: param.pattern });
    });
    if (invalid.length) throw badRequest('Some patterns cannot be blocked', invalid);

    const existing = await db.query<{ pattern: string; evalType: string }>(
      'SELECT pattern, eval_type AS "evalType" FROM asset_url_filter_patterns WHERE zone_id = $1',
      [params.zoneId],
    );
    // Patterns written before validation existed may not be canonical: compare CONTAINS ones by their URL key.
    const taken = new Set(existing.flatMap((row) => (row.evalType === 'CONTAINS' ? [row.pattern, blockedUrlKey(row.pattern)] : [row.pattern])));
    const duplicates: ErrorDetail[] = [];
    patterns.forEach((pattern, index) => {
      if (taken.has(pattern)) duplicates.push({ field: patternField(index), message: 'is already blocked on this zone', value: pattern });
      else if (patterns.indexOf(pattern) !== index) duplicates.push({ field: patternField(index), message: 'is repeated in the request', value: pattern });
    });
    if (duplicates.length) throw conflict('ALREADY_EXISTS', 'URLs already blocked', duplicates);
    if (existing.length + patterns.length > MAX_BLOCKED_URLS_PER_ZONE) {
      throw badRequest(`A zone blocks at most ${MAX_BLOCKED_URLS_PER_ZONE} URLs`, [
        { field: '/body/zoneAssetUrlFilterPatternParamList', message: `would pass ${MAX_BLOCKED_URLS_PER_ZONE} blocked URLs on this zone` },
      ]);
    }

    const created = await db.query<AssetUrlFilterPattern>(
      `INSERT INTO asset_url_filter_patterns (zone_id, pattern, url_type, eval_type)
       SELECT $1, p.pattern, p.url_type, p.eval_type
         FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS p (pattern, url_type, eval_type, position)
        ORDER BY p.position
       ON CONFLICT (zone_id, pattern) DO NOTHING
       RETURNING ${PATTERN_JSON}`,
      [params.zoneId, patterns, entries.map((p) => p.urlType), entries.map((p) => p.evalType)],
    );
    // A concurrent request blocked one of them in between: refuse the whole call (its transaction rolls back).
    if (created.length !== patterns.length) throw conflict('ALREADY_EXISTS', 'URLs already blocked');
    created.sort((a, b) => a.id - b.id);
    await record({ kind: 'BLOCKED_URLS', publisherId: zone.publisherId, zone: { id: zone.trackingId, name: zone.name }, before: { urls: [] }, after: { urls: created } });
    return created;
  },

  async deleteBlockedUrl({ db, principal, params, record }) {
    const zone = await fullProductZone(db, principal, params.zoneId);
    const removed = await db.query<AssetUrlFilterPattern>(
      `DELETE FROM asset_url_filter_patterns WHERE id = $1 AND zone_id = $2 RETURNING ${PATTERN_JSON}`,
      [params.urlId, params.zoneId],
    );
    if (removed.length === 0) throw notFound('Blocked URL not found');
    await record({ kind: 'BLOCKED_URLS', publisherId: zone.publisherId, zone: { id: zone.trackingId, name: zone.name }, before: { urls: removed }, after: { urls: [] } });
    return NO_CONTENT;
  },
};
