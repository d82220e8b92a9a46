// Blocklist export and import (issue 9): a publisher's or zone's blocks of the three types as one CSV, and a
// list of lines read, judged line by line (checkRestrictionImport), then applied all or nothing
// (importRestrictions). How a line is read is src/lib/blocklist.ts, shared with the console.
import type { Principal } from '../../auth/principal';
import type { Queryable } from '../../db/db';
import { badRequest, type ErrorDetail } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { sendCsv } from '../../http/csv';
import type { components } from '../../../../openapi/portal';
import { readBlocklistEntry, type BlocklistEntry, type EntryReading } from '../../../../src/lib/blocklist';
import { restrictionChangeRefusal } from '../../../../src/lib/restrictions';
import {
  applicableClusivity,
  assertBlockCap,
  assertMayChangeTypes,
  assertNotIncluded,
  joinAdvertiserNamed,
  joinCreativeNamed,
  recordBlocks,
  restrictionOwner,
  RESTRICTION_TYPES,
  type RestrictionOwner,
  type RestrictionType,
} from './restrictionRules';

type ImportLine = components['schemas']['RestrictionImportCheck']['lines'][number];

const ownerScopeSql = `((r.entity_type = $1 AND r.entity_id = $2) OR ($1 = 'zone' AND r.entity_type = 'publisher' AND r.entity_id = $3))`;

/** Advertisers named by id or exact name (case-insensitive), IAB categories, and the publisher's creatives. */
async function resolve(db: Queryable, readings: readonly EntryReading[], publisherId: number) {
  const ids = readings.flatMap((r) => (r.kind === 'advertiserId' ? [r.id] : []));
  const names = readings.flatMap((r) => (r.kind === 'advertiserName' ? [r.name.toLowerCase()] : []));
  const iab = readings.flatMap((r) => (r.kind === 'value' && r.type === 'iab_category' ? [r.value] : []));
  // Sequential on purpose: inside a transaction they share one connection.
  const byId = await db.query<{ id: number; name: string }>('SELECT id, name FROM advertisers WHERE id = ANY($1::int[])', [[...new Set(ids)]]);
  const byName = await db.query<{ id: number; name: string; key: string }>(
    'SELECT id, name, name_lower AS key FROM advertisers WHERE name_lower = ANY($1::text[]) ORDER BY id',
    [[...new Set(names)]],
  );
  const categories = await db.query<{ id: string; name: string }>('SELECT id, name_en AS name FROM iab_categories WHERE id = ANY($1::text[])', [
    [...new Set(iab)],
  ]);
  const creativeIds = readings.flatMap((r) => (r.kind === 'value' && r.type === 'creative' ? [Number(r.value)] : []));
  const creatives = await db.query<{ value: string; name: string }>(
    `SELECT b.value, cr.name FROM unnest($1::text[]) AS b (value) ${joinCreativeNamed("'creative'", 'b.value')}
      WHERE cr.name IS NOT NULL AND EXISTS (SELECT 1 FROM creatives k WHERE k.id = b.value::bigint AND k.publisher_id = $2)`,
    [[...new Set(creativeIds)].map(String), publisherId],
  );
  const named = new Map<string, { id: number; name: string }[]>();
  for (const row of byName) named.set(row.key, [...(named.get(row.key) ?? []), row]);
  return {
    advertiser: new Map(byId.map((row) => [row.id, row.name])),
    named,
    category: new Map(categories.map((row) => [row.id, row.name])),
    creative: new Map(creatives.map((row) => [row.value, row.name])),
  };
}

/** A verdict for every entry (the order of the contract's description: invalid, unknown, not permitted, repeated, blocked, new). */
export async function importVerdicts(db: Queryable, principal: Principal, owner: RestrictionOwner, entries: readonly BlocklistEntry[]): Promise<ImportLine[]> {
  const readings = entries.map(readBlocklistEntry);
  const known = await resolve(db, readings, owner.publisherId);
  const clusivity = await applicableClusivity(db, owner);

  const lines: (ImportLine & { key?: string })[] = readings.map((reading) => {
    const line = (fields: Partial<ImportLine>): ImportLine => ({ type: null, value: null, name: null, verdict: 'new', reason: null, duplicateOf: null, ...fields });
    switch (reading.kind) {
      case 'invalid':
        return line({ type: reading.type, verdict: 'invalid', reason: reading.reason });
      case 'advertiserId': {
        const name = known.advertiser.get(reading.id);
        return name === undefined ? line({ type: 'advertiser', verdict: 'unknown_advertiser' }) : line({ type: 'advertiser', value: String(reading.id), name });
      }
      case 'advertiserName': {
        const matches = known.named.get(reading.name.toLowerCase()) ?? [];
        if (matches.length > 1) return line({ type: 'advertiser', verdict: 'invalid', reason: 'ambiguousAdvertiser' });
        const [match] = matches;
        return match ? line({ type: 'advertiser', value: String(match.id), name: match.name }) : line({ type: 'advertiser', verdict: 'unknown_advertiser' });
      }
      case 'value': {
        if (reading.type === 'advertiser_domain') return line({ type: reading.type, value: reading.value, name: reading.value });
        if (reading.type === 'creative') {
          const creative = known.creative.get(reading.value);
          // Another publisher's creative is as unknown as a missing one.
          return creative === undefined
            ? line({ type: reading.type, verdict: 'invalid', reason: 'creativeId' })
            : line({ type: reading.type, value: reading.value, name: creative });
        }
        const name = known.category.get(reading.value);
        return name === undefined
          ? line({ type: reading.type, verdict: 'invalid', reason: 'iabCategory' })
          : line({ type: reading.type, value: reading.value, name });
      }
    }
  });

  const candidates = lines.filter((l): l is ImportLine & { type: RestrictionType; value: string } => l.verdict === 'new' && l.type !== null && l.value !== null);
  const blocked = await db.query<{ type: RestrictionType; value: string }>(
    `SELECT DISTINCT r.restriction_type AS type, r.value FROM restrictions r
      WHERE ${ownerScopeSql} AND r.value = ANY($4::text[])`,
    [owner.entityType, owner.entityId, owner.publisherId, [...new Set(candidates.map((l) => l.value))]],
  );
  const blockedKeys = new Set(blocked.map((row) => `${row.type}\u0000${row.value}`));
  const first = new Map<string, number>();
  lines.forEach((line, index) => {
    if (line.verdict !== 'new' || line.type === null || line.value === null) return;
    const refusal = restrictionChangeRefusal(line.type, clusivity.get(line.type) ?? null, principal.isInternal);
    if (refusal) Object.assign(line, { verdict: 'not_permitted', reason: refusal === 'internalAdvertiser' ? 'internalUser' : 'clusivity' });
    else {
      const key = `${line.type}\u0000${line.value}`;
      const earlier = first.get(key);
      if (earlier !== undefined) Object.assign(line, { verdict: 'duplicate', duplicateOf: earlier });
      else {
        first.set(key, index);
        if (blockedKeys.has(key)) line.verdict = 'already_blocked';
      }
    }
  });
  return lines;
}

const REFUSAL_MESSAGES: Record<string, string> = {
  unknown_advertiser: 'is not an existing advertiser',
  formula: 'is a spreadsheet formula',
  control: 'holds a control character',
  type: 'is not a restriction type',
  domain: "is not a valid domain; use '{host}' or '*.test.com'",
  advertiserId: 'is not an advertiser id',
  iabCategory: 'is not an IAB category id',
  ambiguousAdvertiser: 'names several advertisers; use the id',
  creativeId: "is not the id of a creative that served on this publisher's zones",
};

export const blocklistHandlers: Handlers = {
  async exportRestrictions({ db, principal, params, reply }) {
    const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
    const rows = await db.query<{ type: RestrictionType; value: string; name: string; scope: string; created: string }>(
      `SELECT r.restriction_type AS type, r.value,
              CASE r.restriction_type WHEN 'advertiser' THEN coalesce(a.name, '') WHEN 'iab_category' THEN coalesce(c.name_en, '')
                                      WHEN 'creative' THEN coalesce(cr.name, '') ELSE r.value END AS name,
              r.entity_type AS scope, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created
         FROM restrictions r
         ${joinAdvertiserNamed('r.restriction_type', 'r.value')}
         ${joinCreativeNamed('r.restriction_type', 'r.value')}
         LEFT JOIN iab_categories c ON r.restriction_type = 'iab_category' AND c.id = r.value
        WHERE ${ownerScopeSql} AND r.clusivity = 'EXCLUDE'
        ORDER BY array_position($4::text[], r.restriction_type), c.position, r.value, r.entity_type DESC`,
      [owner.entityType, owner.entityId, owner.publisherId, RESTRICTION_TYPES],
    );
    const base = `blocks-${owner.entityType}-${owner.entityId}`;
    return sendCsv(reply, base, ['type', 'value', 'name', 'scope', 'created'], rows.map((r) => [r.type, r.value, r.name, r.scope, r.created]));
  },

  async checkRestrictionImport({ db, principal, params, body }) {
    const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
    return { lines: await importVerdicts(db, principal, owner, body.entries) };
  },

  async importRestrictions({ db, principal, params, body, record }) {
    const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
    const lines = await importVerdicts(db, principal, owner, body.entries);
    const field = (index: number) => `/body/entries/${index}`;
    const typed = (verdict: string, reason: string) =>
      lines.flatMap((line, index) => (line.verdict === verdict && line.reason === reason && line.type ? [{ type: line.type, field: field(index) }] : []));
    // The refusals of createRestrictions, in its order: internal users (403), unreadable values (400), clusivity (409).
    assertMayChangeTypes(principal, typed('not_permitted', 'internalUser'));
    const refused: ErrorDetail[] = lines.flatMap((line, index) =>
      line.verdict === 'invalid' || line.verdict === 'unknown_advertiser'
        ? [{ field: field(index), message: REFUSAL_MESSAGES[line.reason ?? line.verdict] ?? 'cannot be blocked', value: body.entries[index]?.value }]
        : [],
    );
    if (refused.length) throw badRequest('Some lines cannot be blocked', refused);
    assertNotIncluded(await applicableClusivity(db, owner), typed('not_permitted', 'clusivity'));

    const added: { type: RestrictionType; value: string }[] = [];
    for (const type of RESTRICTION_TYPES) {
      const values = lines.filter((line) => line.verdict === 'new' && line.type === type).map((line) => line.value);
      if (values.length === 0) continue;
      const inserted = await db.query<{ value: string }>(
        `INSERT INTO restrictions (entity_type, entity_id, publisher_id, restriction_type, value, clusivity)
         SELECT $1, $2, $3, $4, value, 'EXCLUDE' FROM unnest($5::text[]) AS value
         ON CONFLICT (entity_type, entity_id, restriction_type, value) DO NOTHING
         RETURNING value`,
        [owner.entityType, owner.entityId, owner.publisherId, type, values],
      );
      added.push(...inserted.map((row) => ({ type, value: row.value })));
    }
    await assertBlockCap(db, owner, added.map((block) => block.type));
    await recordBlocks(db, record, owner, [], added);
    return { created: added.length, skipped: body.entries.length - added.length };
  },
};
