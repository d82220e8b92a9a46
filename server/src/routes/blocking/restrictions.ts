// Blocking (spec sections 2 'Blocking', 5 and 6): advertisers, advertiser domains and IAB categories blocked for a
// publisher (global blocks) or one of its zones.
import { conflict, notFound } from '../../http/errors';
import { NO_CONTENT, type HandlerContext, type Handlers } from '../../http/handlers';
import {
  applicableClusivity,
  assertMayChangeTypes,
  assertNotIncluded,
  recordBlocks,
  requestedValues,
  restrictionGroups,
  restrictionOwner,
  type RestrictionType,
} from './restrictionRules';
import { restrictionChangeRefusal, type ClusivityName } from '../../../../src/lib/restrictions';

/**
 * Adds (POST) or sets (PUT) the listed exclusions and answers the owner's groups afterwards. The history records
 * the blocks the call added: new rows, and rows that were not exclusions before (PUT).
 */
async function writeRestrictions(
  { db, principal, params, body, record }: HandlerContext<'createRestrictions' | 'updateRestrictions'>,
  mode: 'add' | 'set',
) {
  const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
  assertMayChangeTypes(principal, body.map((group, i) => ({ type: group.type, field: `/body/${i}/type` })));
  const values = await requestedValues(db, body);

  assertNotIncluded(await applicableClusivity(db, owner), body.map((group, i) => ({ type: group.type, field: `/body/${i}/type` })));

  const added: { type: RestrictionType; value: string }[] = [];
  for (const type of new Set(values.map((v) => v.type))) {
    const rows = await db.query<{ value: string }>(
      `INSERT INTO restrictions AS r (entity_type, entity_id, publisher_id, restriction_type, value, clusivity)
       SELECT $1, $2, $3, $4, value, 'EXCLUDE' FROM unnest($5::text[]) AS value
       ON CONFLICT (entity_type, entity_id, restriction_type, value)
       ${mode === 'add' ? 'DO NOTHING' : "DO UPDATE SET clusivity = 'EXCLUDE' WHERE r.clusivity <> 'EXCLUDE'"}
       RETURNING value`,
      [owner.entityType, owner.entityId, owner.publisherId, type, values.filter((v) => v.type === type).map((v) => v.value)],
    );
    added.push(...rows.map((row) => ({ type, value: row.value })));
  }
  await recordBlocks(db, record, owner, [], added);
  return restrictionGroups(db, owner);
}

export const restrictionHandlers: Handlers = {
  async listRestrictions({ db, principal, params, query }) {
    const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
    return restrictionGroups(db, owner, { type: query.restrictionType, language: query.language });
  },

  async createRestrictions(context) {
    return writeRestrictions(context, 'add');
  },

  async updateRestrictions(context) {
    return writeRestrictions(context, 'set');
  },

  async deleteRestrictions({ db, principal, params, body, record }) {
    const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
    // Only the owner's own rows: a zone's Global blocks and other entities' ids answer like missing ones.
    const rows = await db.query<{ id: number; type: RestrictionType; value: string; clusivity: ClusivityName }>(
      `SELECT id, restriction_type AS type, value, clusivity FROM restrictions
        WHERE id = ANY($1::int[]) AND entity_type = $2 AND entity_id = $3
        ORDER BY array_position($1::int[], id)`,
      [body, owner.entityType, owner.entityId],
    );
    if (rows.length !== body.length) throw notFound('Restriction not found');
    const fieldOf = (id: number) => `/body/${body.indexOf(id)}`;
    assertMayChangeTypes(principal, rows.map((row) => ({ type: row.type, field: fieldOf(row.id) })));
    // The portal manages exclusions only; inclusion lists belong to the account manager.
    const included = rows.filter((row) => restrictionChangeRefusal(row.type, row.clusivity, false) === 'included');
    if (included.length) {
      throw conflict(
        'CLUSIVITY_CONFLICT',
        'Contact your account manager to change these restrictions',
        included.map((row) => ({ field: fieldOf(row.id), message: 'is an inclusion managed by your account manager' })),
      );
    }
    await db.query('DELETE FROM restrictions WHERE id = ANY($1::int[])', [body]);
    await recordBlocks(db, record, owner, rows, []);
    return NO_CONTENT;
  },
};
