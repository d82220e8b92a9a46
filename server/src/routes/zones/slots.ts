// Slots of a zone: list, request (bulk create), and the CSV export of their embed codes.
import type { Queryable } from '../../db/db';
import { sendCsv } from '../../http/csv';
import { badRequest, conflict, type ErrorDetail } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import type { components } from '../../../../openapi/portal';
import { flexViolation, slotSizeLabel, type SlotSize } from '../../../../src/lib/slots';
import { slotCode } from '../../../../src/lib/slotCodes';
import { MAX_SLOTS_PER_ZONE } from '../../../../src/lib/limits';
import { fullProductZone } from './zoneSql';

type Slot = components['schemas']['Slot'];

/** Slot (the contract's shape) of the row aliased `sl`, with SLOT_FROM. */
export const SLOT_JSON = `json_build_object(
  'id', sl.id,
  'trackingId', sl.zone_id,
  'name', sl.name,
  'slotSize', json_build_object('id', ss.id, 'name', ss.name, 'width', ss.width, 'height', ss.height, 'flex', ss.is_flex),
  'implementationType', json_build_object('id', it.id, 'name', it.name, 'type', it.type),
  'inSlotPlacement', CASE WHEN sp.id IS NULL THEN NULL ELSE json_build_object('id', sp.id, 'name', sp.name) END,
  'enabled', sl.enabled,
  'placementId', sl.placement_id,
  'sizeId', sl.slot_size_id,
  'status', CASE WHEN sl.approved_at IS NULL THEN 'REQUESTED' ELSE 'APPROVED' END
)`;

export const SLOT_FROM = `slots sl
  JOIN slot_sizes ss ON ss.id = sl.slot_size_id
  JOIN implementation_types it ON it.id = sl.implementation_type_id
  LEFT JOIN slot_placements sp ON sp.id = sl.placement_id`;

/** The export's size column: what the slot table shows. */
const FLEX_SIZE_TEXT = 'Flex size';
/** The export's status column (Slot.status). */
const STATUS_TEXT = { REQUESTED: 'Requested', APPROVED: 'Approved' } as const;

interface SlotReference {
  sizes: (SlotSize & { id: number })[];
  implementationTypeIds: number[];
  placementIds: number[];
}

async function slotReference(db: Queryable): Promise<SlotReference> {
  const row = await db.one<SlotReference>(
    `SELECT (SELECT json_agg(json_build_object('id', id, 'name', name, 'width', width, 'height', height, 'flex', is_flex)) FROM slot_sizes) AS sizes,
            (SELECT coalesce(array_agg(id), '{}') FROM implementation_types WHERE type = 'slot') AS "implementationTypeIds",
            (SELECT coalesce(array_agg(id), '{}') FROM slot_placements) AS "placementIds"`,
  );
  return { sizes: row?.sizes ?? [], implementationTypeIds: row?.implementationTypeIds ?? [], placementIds: row?.placementIds ?? [] };
}

export const slotHandlers: Handlers = {
  async listSlots({ db, principal, params }) {
    await fullProductZone(db, principal, params.zoneId);
    const rows = await db.query<{ slot: Slot }>(`SELECT ${SLOT_JSON} AS slot FROM ${SLOT_FROM} WHERE sl.zone_id = $1 ORDER BY sl.id`, [
      params.zoneId,
    ]);
    return rows.map((row) => row.slot);
  },

  async requestSlots({ db, principal, params, body, record }) {
    const zoneId = params.zoneId;
    const zone = await fullProductZone(db, principal, zoneId);
    const reference = await slotReference(db);
    const details: ErrorDetail[] = [];
    if (body.trackingId !== zoneId) details.push({ field: '/body/trackingId', message: 'must be the zone of the path', value: body.trackingId });
    body.slots.forEach((row, index) => {
      const field = (name: string) => `/body/slots/${index}/${name}`;
      if (row.trackingId !== zoneId) details.push({ field: field('trackingId'), message: 'must be the zone of the path', value: row.trackingId });
      if (!reference.sizes.some((size) => size.id === row.slotSizeId)) {
        details.push({ field: field('slotSizeId'), message: 'is not a known slot size', value: row.slotSizeId });
      }
      if (!reference.implementationTypeIds.includes(row.implementationTypeId)) {
        details.push({ field: field('implementationTypeId'), message: 'is not a slot implementation type', value: row.implementationTypeId });
      }
      if (row.placementId !== null && !reference.placementIds.includes(row.placementId)) {
        details.push({ field: field('placementId'), message: 'is not a known placement', value: row.placementId });
      }
    });
    if (details.length) throw badRequest('Some slots cannot be requested', details);

    const rows = body.slots.map((row) => ({ ...row, sizeId: row.slotSizeId, name: row.name.trim() }));
    // Locking the zone serialises slot requests on it, so the flex count and the slot counter stay right.
    await db.query('SELECT 1 FROM zones WHERE tracking_id = $1 FOR UPDATE', [zoneId]);
    const existing = await db.one<{ hasFlex: boolean; count: number }>(
      `SELECT EXISTS (SELECT 1 FROM slots sl JOIN slot_sizes ss ON ss.id = sl.slot_size_id WHERE sl.zone_id = $1 AND ss.is_flex) AS "hasFlex",
              (SELECT count(*)::int FROM slots WHERE zone_id = $1) AS count`,
      [zoneId],
    );
    if (flexViolation(rows, reference.sizes, existing?.hasFlex ?? false)) {
      throw conflict('FLEX_SLOT_LIMIT', 'Only 1 flex slot per zone is allowed.');
    }
    if ((existing?.count ?? 0) + rows.length > MAX_SLOTS_PER_ZONE) {
      throw badRequest(`A zone has at most ${MAX_SLOTS_PER_ZONE} slots`, [{ field: '/body/slots', message: `would pass ${MAX_SLOTS_PER_ZONE} slots on this zone` }]);
    }
    const created = await db.query<{ id: number }>(
      // Requested, not approved: the network operator approves slots outside the portal (spec section 4).
      `INSERT INTO slots (zone_id, name, slot_size_id, implementation_type_id, placement_id, enabled, approved_at)
       SELECT $1, r.name, r.size_id, r.implementation_type_id, r.placement_id, r.enabled, NULL
         FROM unnest($2::text[], $3::int[], $4::int[], $5::int[], $6::boolean[]) WITH ORDINALITY
              AS r (name, size_id, implementation_type_id, placement_id, enabled, position)
        ORDER BY r.position
       RETURNING id`,
      [
        zoneId,
        rows.map((row) => row.name),
        rows.map((row) => row.sizeId),
        rows.map((row) => row.implementationTypeId),
        rows.map((row) => row.placementId),
        rows.map((row) => row.enabled),
      ],
    );
    await db.query('UPDATE zones SET number_of_slots = (SELECT count(*) FROM slots WHERE zone_id = $1) WHERE tracking_id = $1', [zoneId]);
    const slots = await db.query<{ slot: Slot }>(`SELECT ${SLOT_JSON} AS slot FROM ${SLOT_FROM} WHERE sl.id = ANY ($1::int[]) ORDER BY sl.id`, [
      created.map((row) => row.id),
    ]);
    const requested = slots.map((row) => row.slot);
    await record({
      kind: 'SLOTS',
      publisherId: zone.publisherId,
      zone: { id: zone.trackingId, name: zone.name },
      before: { slots: [] },
      after: { slots: requested.map((slot) => ({ id: slot.id, name: slot.name, size: slot.slotSize.name, enabled: slot.enabled })) },
    });
    return requested;
  },

  async exportSlotEmbedCodes({ db, principal, params, reply }) {
    await fullProductZone(db, principal, params.zoneId);
    const slots = await db.query<{ id: number; name: string; size: SlotSize; implementationTypeId: number; implementationType: string; approved: boolean }>(
      `SELECT sl.id, sl.name, json_build_object('name', ss.name, 'width', ss.width, 'height', ss.height, 'flex', ss.is_flex) AS size,
              it.id AS "implementationTypeId", it.name AS "implementationType", sl.approved_at IS NOT NULL AS approved
         FROM ${SLOT_FROM} WHERE sl.zone_id = $1 ORDER BY sl.id`,
      [params.zoneId],
    );
    const rows = slots.map((slot) => {
      const label = slotSizeLabel(slot.size);
      // A slot awaiting approval serves no ads yet: no code to place (the console shows none either).
      const code = slot.approved ? slotCode(slot.implementationTypeId, { id: slot.id, size: slot.size }) : '';
      return [slot.id, slot.name, 'text' in label ? label.text : FLEX_SIZE_TEXT, slot.implementationType, code, STATUS_TEXT[slot.approved ? 'APPROVED' : 'REQUESTED']];
    });
    return sendCsv(reply, `zone-${params.zoneId}-slot-embed-codes`, ['Slot ID', 'Name', 'Size', 'Implementation type', 'Code', 'Status'], rows);
  },
};
