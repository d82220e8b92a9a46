// Undo of one entry: first what changed since (a conflict refuses the undo, naming each difference), then the
// inverse change applied through the very handlers of the original writes, with the caller's rights: the same
// validation, authorisation (internal users and advertiser blocks, legacy just-premium publishers) and clusivity
// rules, and nothing of theirs written twice. Their entries are gathered into the undo's one entry.
import type { Queryable } from '../db/db';
import type { ErrorDetail } from '../http/errors';
import type { HandlerContext, Handler, JsonBody, OperationId, PathParams } from '../http/handlers';
import { actingAs } from '../auth/principal';
import { accountHandlers, domainSelfIdentifiers } from '../routes/account/account';
import { changeRole, memberOf, restoreMember } from '../routes/team/members';
import { teamArea } from '../routes/team';
import { restrictionHandlers } from '../routes/blocking/restrictions';
import { zonesArea } from '../routes/zones';
import { adsTxtMonitorArea } from '../routes/adsTxtMonitor';
import { reportExists, withdrawReport } from '../routes/creatives/creatives';
import { productsKey, zoneProducts } from '../routes/zones/zoneSql';
import { blockedUrlKey } from '../../../src/lib/blockedUrls';
import { RESTRICTION_TYPES } from '../../../src/lib/restrictions';
import {
  changeOf,
  type Block,
  type DomainSelfIdentifiers,
  type HistoryChange,
  type Named,
  type UrlPattern,
  type ZoneFields,
} from '../../../src/lib/history';
import type { EntryRow } from './entries';
import type { NewHistoryEntry } from './types';

type UndoContext = HandlerContext<'undoHistoryEntry'>;
type Change<K extends HistoryChange['kind']> = Extract<HistoryChange, { kind: K }>;

const changed = (field: string, message: string, value?: unknown): ErrorDetail => ({ field, message, ...(value === undefined ? {} : { value }) });
const blockKey = (block: { type: string; id: string }) => `${block.type}\u0000${block.id}`;

/** ZONE fields an update changes, and so an undo restores. */
const UPDATABLE = ['name', 'enabled', 'verticalId', 'zoneGradeId', 'msaStartDate', 'developerWebsite'] as const;

interface ZoneNow {
  name: string;
  enabled: boolean;
  verticalId: number | null;
  zoneGradeId: number | null;
  msaStartDate: string | null;
  developerWebsite: string | null;
  typeId: number;
}

const zoneNow = (db: Queryable, publisherId: number, zoneId: number) =>
  db.one<ZoneNow>(
    `SELECT name, enabled, vertical_id AS "verticalId", zone_grade_id AS "zoneGradeId", to_char(msa_start_date, 'YYYY-MM-DD') AS "msaStartDate",
            developer_website AS "developerWebsite", type_id AS "typeId"
       FROM zones WHERE tracking_id = $1 AND publisher_id = $2`,
    [zoneId, publisherId],
  );

const zoneGone = () => [changed('/zone', 'no longer exists')];

/** What no longer is as the entry left it: one detail per difference, none when the undo may go ahead. */
export async function undoConflicts(db: Queryable, publisherId: number, entry: EntryRow): Promise<ErrorDetail[]> {
  const change = changeOf(entry);
  switch (change.kind) {
    case 'ZONE': {
      const now = entry.zoneId === null ? undefined : await zoneNow(db, publisherId, entry.zoneId);
      if (!now) return zoneGone();
      return UPDATABLE.filter((field) => field in change.after && change.after[field] !== now[field]).map((field) =>
        changed(`/after/${field}`, 'has changed since', now[field]),
      );
    }
    case 'PRODUCTS': {
      const zoneIds = change.after.zones.map((zone) => zone.zone.id);
      const existing = new Set(
        (await db.query<{ id: number }>('SELECT tracking_id AS id FROM zones WHERE tracking_id = ANY($1::int[]) AND publisher_id = $2', [zoneIds, publisherId])).map(
          (row) => row.id,
        ),
      );
      const now = await zoneProducts(db, zoneIds);
      return change.after.zones.flatMap(({ zone, products }, index) =>
        !existing.has(zone.id)
          ? [changed(`/after/zones/${index}`, 'no longer exists')]
          : productsKey(now.get(zone.id) ?? []) !== productsKey(products)
            ? [changed(`/after/zones/${index}`, 'has other products since')]
            : [],
      );
    }
    case 'BLOCKED_URLS': {
      if (entry.zoneId === null || !(await zoneNow(db, publisherId, entry.zoneId))) return zoneGone();
      const rows = await db.query<{ id: number; pattern: string }>('SELECT id, pattern FROM asset_url_filter_patterns WHERE zone_id = $1', [entry.zoneId]);
      const ids = new Set(rows.map((row) => row.id));
      const keys = new Set(rows.flatMap((row) => [row.pattern, blockedUrlKey(row.pattern)]));
      return [
        ...change.after.urls.flatMap((url, index) => (ids.has(url.id) ? [] : [changed(`/after/urls/${index}`, 'is no longer blocked', url.pattern)])),
        ...change.before.urls.flatMap((url, index) =>
          keys.has(url.pattern) || keys.has(blockedUrlKey(url.pattern)) ? [changed(`/before/urls/${index}`, 'is blocked again', url.pattern)] : [],
        ),
      ];
    }
    case 'BLOCKS': {
      if (entry.zoneId !== null && !(await zoneNow(db, publisherId, entry.zoneId))) return zoneGone();
      const rows = await blockRows(db, publisherId, entry.zoneId, [...change.before.blocks, ...change.after.blocks]);
      const excluded = new Set(rows.filter((row) => row.clusivity === 'EXCLUDE').map(blockKey));
      const present = new Set(rows.map(blockKey));
      return [
        ...change.after.blocks.flatMap((block, index) => (excluded.has(blockKey(block)) ? [] : [changed(`/after/blocks/${index}`, 'is no longer blocked', block.name)])),
        ...change.before.blocks.flatMap((block, index) => (present.has(blockKey(block)) ? [changed(`/before/blocks/${index}`, 'is blocked again', block.name)] : [])),
      ];
    }
    case 'SELF_IDENTIFIERS': {
      const ids = change.after.domains.map((domain) => domain.zoneDomainId);
      const existing = new Set(
        (
          await db.query<{ id: number }>(
            'SELECT d.id FROM zone_domains d JOIN zones z ON z.tracking_id = d.zone_id WHERE d.id = ANY($1::int[]) AND z.publisher_id = $2',
            [ids, publisherId],
          )
        ).map((row) => row.id),
      );
      const now = await domainSelfIdentifiers(db, ids);
      const key = (items: readonly Named[]) => items.map((item) => item.id).sort((a, b) => a - b).join(',');
      return change.after.domains.flatMap((domain, index) =>
        !existing.has(domain.zoneDomainId)
          ? [changed(`/after/domains/${index}`, 'no longer exists', domain.domain)]
          : key(now.get(domain.zoneDomainId) ?? []) !== key(domain.selfIdentifiers)
            ? [changed(`/after/domains/${index}`, 'has other self identifiers since', domain.domain)]
            : [],
      );
    }
    case 'MEMBER': {
      const before = change.before?.member;
      if (!before) return [];
      const now = await memberOf(db, publisherId, before.id);
      // A removal: the member must still be away. A role change: still the role the entry gave.
      if (!change.after) return now ? [changed('/before/member', 'is a member again', before.name)] : [];
      if (!now) return [changed('/after/member', 'is no longer a member', before.name)];
      return now.role === change.after.member.role ? [] : [changed('/after/member/role', 'has changed since', now.role)];
    }
    case 'TEAM_SETTINGS': {
      const now = await db.one<{ requireTwoFactor: boolean; sellersJsonConfidential: boolean }>(
        'SELECT require_two_factor AS "requireTwoFactor", sellers_json_confidential AS "sellersJsonConfidential" FROM publishers WHERE id = $1',
        [publisherId],
      );
      return (['requireTwoFactor', 'sellersJsonConfidential'] as const)
        .filter((field) => change.after[field] !== undefined && now?.[field] !== change.after[field])
        .map((field) => changed(`/after/${field}`, 'has changed since', now?.[field]));
    }
    case 'AD_REPORT': {
      const report = change.after?.report;
      return report && !(await reportExists(db, publisherId, report.id)) ? [changed('/after/report', 'no longer exists')] : [];
    }
    default:
      return [];
  }
}

/** The owner's rows of the given blocks (the zone's own when the entry names a zone, else the publisher's). */
async function blockRows(db: Queryable, publisherId: number, zoneId: number | null, blocks: readonly Block[]) {
  return db.query<{ restrictionId: number; type: Block['type']; id: string; clusivity: string }>(
    `SELECT r.id AS "restrictionId", r.restriction_type AS type, r.value AS id, r.clusivity
       FROM restrictions r JOIN unnest($3::text[], $4::text[]) AS b (type, value) ON r.restriction_type = b.type AND r.value = b.value
      WHERE r.entity_type = $1 AND r.entity_id = $2`,
    [zoneId === null ? 'publisher' : 'zone', zoneId ?? publisherId, blocks.map((block) => block.type), blocks.map((block) => block.id)],
  );
}

/**
 * Applies the inverse of the entry's change through the original writes' handlers, in the undo's transaction, and
 * answers their changes as one (the undo's entry).
 */
export async function applyInverse(ctx: UndoContext, entry: EntryRow): Promise<NewHistoryEntry> {
  const publisherId = ctx.params.publisherId;
  const captured: NewHistoryEntry[] = [];
  const capture = async (change: NewHistoryEntry) => void captured.push(change);
  // The write runs with the caller's rights for that write (its row of the role table), not the undo's.
  const as = (operation: OperationId) => actingAs(ctx.principal, operation);
  const apply = async <O extends OperationId>(operation: O, handler: Handler<O> | undefined, params: PathParams<O>, body: JsonBody<O>) => {
    if (!handler) throw new Error('undo needs a handler that is missing');
    const context = { ...ctx, principal: as(operation), params, body, query: {}, record: capture };
    await handler(context as unknown as HandlerContext<O>);
  };
  const change = changeOf(entry);
  switch (change.kind) {
    case 'ZONE': {
      const zoneId = entry.zoneId!;
      const now = (await zoneNow(ctx.db, publisherId, zoneId))!;
      const restored: ZoneFields = { ...now, ...change.before };
      await apply('updateZone', zonesArea.updateZone, { zoneId }, {
        name: restored.name ?? now.name,
        typeId: now.typeId as JsonBody<'updateZone'>['typeId'],
        enabled: restored.enabled ?? now.enabled,
        verticalId: restored.verticalId ?? null,
        zoneGradeId: restored.zoneGradeId ?? null,
        msaStartDate: restored.msaStartDate ?? null,
        developerWebsite: restored.developerWebsite ?? '',
      });
      break;
    }
    case 'PRODUCTS':
      for (const { zone, products } of change.after.zones) {
        const target = change.before.zones.find((before) => before.zone.id === zone.id)?.products ?? [];
        const targetIds = new Set(target.map((product) => product.id));
        for (const product of products.filter((product) => !targetIds.has(product.id))) {
          await apply('deleteZoneService', zonesArea.deleteZoneService, { zoneId: zone.id, serviceId: product.id }, undefined);
        }
        const missing = target.filter((product) => !products.some((now) => now.id === product.id && now.implementationTypeId === product.implementationTypeId));
        if (missing.length) {
          await apply('putZoneServices', zonesArea.putZoneServices, {}, {
            trackingIds: [zone.id],
            services: missing.map((product) => ({ serviceId: product.id, implementationTypeId: product.implementationTypeId })),
          });
        }
      }
      break;
    case 'BLOCKED_URLS': {
      const zoneId = entry.zoneId!;
      for (const url of change.after.urls) await apply('deleteBlockedUrl', zonesArea.deleteBlockedUrl, { zoneId, urlId: url.id }, undefined);
      if (change.before.urls.length) {
        await apply('addBlockedUrls', zonesArea.addBlockedUrls, { zoneId }, {
          zoneAssetUrlFilterPatternParamList: change.before.urls.map((url) => ({ pattern: url.pattern, urlType: url.urlType, evalType: 'CONTAINS' as const })),
        });
      }
      break;
    }
    case 'BLOCKS': {
      // One change, as the entry was: what it added removed and what it removed added back, in one call (one
      // entry), so the undo never leaves half of it undone.
      const params = entry.zoneId === null ? { entity: 'publisher' as const, entityId: publisherId } : { entity: 'zone' as const, entityId: entry.zoneId };
      const byType = (blocks: readonly Block[]) =>
        RESTRICTION_TYPES.map((type) => ({ type, restrictions: blocks.filter((block) => block.type === type).map((block) => block.id) })).filter(
          (group) => group.restrictions.length > 0,
        );
      if (change.before.blocks.length + change.after.blocks.length > 0) {
        await apply('changeRestrictions', restrictionHandlers.changeRestrictions, params, { add: byType(change.before.blocks), remove: byType(change.after.blocks) });
      }
      break;
    }
    case 'SELF_IDENTIFIERS':
      if (change.before.domains.length) {
        await apply('saveZoneDomainSelfIdentifiers', accountHandlers.saveZoneDomainSelfIdentifiers,
          { publisherId },
          change.before.domains.map((domain) => ({ zoneDomainId: domain.zoneDomainId, selfIdentifierIds: domain.selfIdentifiers.map((item) => item.id) })),
        );
      }
      break;
    case 'MEMBER': {
      const before = change.before?.member;
      if (!before) throw new Error('a joining is not reversible');
      const context = { db: ctx.db, record: capture };
      if (change.after) await changeRole({ ...context, principal: as('updateMember') }, publisherId, before.id, before.role);
      else await restoreMember({ ...context, principal: as('removeMember') }, publisherId, before);
      break;
    }
    case 'TEAM_SETTINGS':
      if (change.before.requireTwoFactor !== undefined) {
        await apply('setTwoFactorRequirement', teamArea.setTwoFactorRequirement, { publisherId }, { required: change.before.requireTwoFactor });
      }
      if (change.before.sellersJsonConfidential !== undefined) {
        await apply('setSellersJsonSetting', adsTxtMonitorArea.setSellersJsonSetting, { publisherId }, { confidential: change.before.sellersJsonConfidential });
      }
      break;
    case 'AD_REPORT': {
      const report = change.after?.report;
      if (!report) throw new Error('a report taken back is not sent again by an undo');
      await withdrawReport(ctx.db, capture, publisherId, report.id);
      break;
    }
    default:
      throw new Error(`${change.kind} entries are not reversible`);
  }
  return combined(entry, publisherId, change.kind, captured);
}

/** Several changes of one kind as one: each object's first `before` and last `after`. */
function combined(
  entry: EntryRow,
  publisherId: number,
  kind: HistoryChange['kind'],
  captured: readonly NewHistoryEntry[],
): NewHistoryEntry {
  const zones = new Map(captured.flatMap((change) => (change.zone ? [[change.zone.id, change.zone] as const] : [])));
  const zone = zones.size === 1 ? [...zones.values()][0]! : captured.length === 0 && entry.zoneId !== null ? { id: entry.zoneId, name: entry.zoneName ?? '' } : null;
  const base = { publisherId, zone };
  const of = <K extends HistoryChange['kind']>(k: K) => captured.filter((change): change is NewHistoryEntry & Change<K> => change.kind === k);
  switch (kind) {
    case 'ZONE': {
      const [only] = of('ZONE');
      return { ...base, kind, before: only?.before ?? {}, after: only?.after ?? {} };
    }
    case 'PRODUCTS': {
      const changes = of('PRODUCTS');
      return {
        ...base,
        kind,
        before: { zones: firstPer(changes.flatMap((change) => change.before.zones), (zone) => zone.zone.id) },
        after: { zones: lastPer(changes.flatMap((change) => change.after.zones), (zone) => zone.zone.id) },
      };
    }
    case 'BLOCKED_URLS': {
      const changes = of('BLOCKED_URLS');
      const urls = (side: 'before' | 'after'): UrlPattern[] => changes.flatMap((change) => change[side].urls);
      return { ...base, kind, before: { urls: urls('before') }, after: { urls: urls('after') } };
    }
    case 'BLOCKS': {
      const changes = of('BLOCKS');
      const blocks = (side: 'before' | 'after'): Block[] => changes.flatMap((change) => change[side].blocks);
      return { ...base, kind, before: { blocks: blocks('before') }, after: { blocks: blocks('after') } };
    }
    case 'SELF_IDENTIFIERS': {
      const changes = of('SELF_IDENTIFIERS');
      const key = (domain: DomainSelfIdentifiers) => domain.zoneDomainId;
      return {
        ...base,
        kind,
        before: { domains: firstPer(changes.flatMap((change) => change.before.domains), key) },
        after: { domains: lastPer(changes.flatMap((change) => change.after.domains), key) },
      };
    }
    case 'MEMBER':
    case 'TEAM_SETTINGS':
    case 'AD_REPORT': {
      // One change each: the role given back, the member restored, the setting put back, the report taken back.
      const [only] = captured;
      if (!only || only.kind !== kind) throw new Error(`the undo of a ${kind} entry changed nothing`);
      return { ...only, ...base };
    }
    default:
      throw new Error(`${kind} entries are not reversible`);
  }
}

function firstPer<T>(items: readonly T[], key: (item: T) => number): T[] {
  const seen = new Map<number, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

function lastPer<T>(items: readonly T[], key: (item: T) => number): T[] {
  const seen = new Map<number, T>();
  for (const item of items) seen.set(key(item), item);
  return [...seen.values()];
}
