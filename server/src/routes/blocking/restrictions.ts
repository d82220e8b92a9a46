// Blocking (spec sections 2 'Blocking', 5 and 6): advertisers, advertiser domains and IAB categories blocked for a
// publisher (global blocks) or one of its zones.
import { badRequest, conflict, notFound } from '../../http/errors';
import { NO_CONTENT, type HandlerContext, type Handlers } from '../../http/handlers';
import {
  applicableClusivity,
  assertBlockCap,
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
  const values = await requestedValues(db, body, owner.publisherId);

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
  await assertBlockCap(db, owner, added.map((block) => block.type));
  await recordBlocks(db, record, owner, [], added);
  return restrictionGroups(db, owner);
}

/** Restrictions named by the 409 for inclusions: the portal changes exclusions only (account manager's lists). */
function assertNoInclusions(rows: readonly { type: RestrictionType; clusivity: ClusivityName }[], fieldOf: (index: number) => string): void {
  const included = rows.flatMap((row, index) => (restrictionChangeRefusal(row.type, row.clusivity, false) === 'included' ? [fieldOf(index)] : []));
  if (included.length) {
    throw conflict(
      'CLUSIVITY_CONFLICT',
      'Contact your account manager to change these restrictions',
      included.map((field) => ({ field, message: 'is an inclusion managed by your account manager' })),
    );
  }
}

/**
 * Adds and removes blocks as one change (changeRestrictions): one transaction, one BLOCKS entry with the blocks
 * removed as `before` and the ones added as `after`, so its undo restores exactly the state before. The rows to
 * remove are read under a row lock, so a concurrent change of the same blocks waits and its entry follows this one.
 */
async function changeRestrictions({ db, principal, params, body, record }: HandlerContext<'changeRestrictions'>) {
  const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
  const typeFields = (side: 'add' | 'remove') => body[side].map((group, i) => ({ type: group.type, field: `/body/${side}/${i}/type` }));
  assertMayChangeTypes(principal, [...typeFields('add'), ...typeFields('remove')]);
  if (body.add.length + body.remove.length === 0) throw badRequest('Nothing to add or remove', [{ field: '/body', message: 'names no block' }]);
  const toAdd = await requestedValues(db, body.add, owner.publisherId, '/body/add');
  const toRemove = body.remove.flatMap((group, i) => group.restrictions.map((value, j) => ({ type: group.type, value, field: `/body/remove/${i}/restrictions/${j}` })));
  const removing = new Set(toRemove.map((item) => `${item.type}\u0000${item.value}`));
  const both = toAdd.filter((item) => removing.has(`${item.type}\u0000${item.value}`));
  if (both.length) throw badRequest('A block cannot be added and removed at once', both.map((item) => ({ field: item.field, message: 'is also removed', value: item.value })));
  assertNotIncluded(await applicableClusivity(db, owner), typeFields('add'));

  // The entity's own rows only: a zone's Global blocks are its publisher's (removed through the publisher).
  const rows = await db.query<{ id: number; type: RestrictionType; value: string; clusivity: ClusivityName }>(
    `SELECT r.id, r.restriction_type AS type, r.value, r.clusivity
       FROM restrictions r JOIN unnest($3::text[], $4::text[]) WITH ORDINALITY AS b (type, value, n)
            ON r.restriction_type = b.type AND r.value = b.value
      WHERE r.entity_type = $1 AND r.entity_id = $2
      ORDER BY b.n
        FOR UPDATE OF r`,
    [owner.entityType, owner.entityId, toRemove.map((item) => item.type), toRemove.map((item) => item.value)],
  );
  const fieldOfRow = new Map(toRemove.map((item) => [`${item.type}\u0000${item.value}`, item.field]));
  assertNoInclusions(rows, (index) => fieldOfRow.get(`${rows[index]!.type}\u0000${rows[index]!.value}`) ?? '/body/remove');
  if (rows.length) await db.query('DELETE FROM restrictions WHERE id = ANY($1::int[])', [rows.map((row) => row.id)]);

  const added: { type: RestrictionType; value: string }[] = [];
  for (const type of new Set(toAdd.map((v) => v.type))) {
    const inserted = await db.query<{ value: string }>(
      `INSERT INTO restrictions (entity_type, entity_id, publisher_id, restriction_type, value, clusivity)
       SELECT $1, $2, $3, $4, value, 'EXCLUDE' FROM unnest($5::text[]) AS value
       ON CONFLICT (entity_type, entity_id, restriction_type, value) DO NOTHING
       RETURNING value`,
      [owner.entityType, owner.entityId, owner.publisherId, type, toAdd.filter((v) => v.type === type).map((v) => v.value)],
    );
    added.push(...inserted.map((row) => ({ type, value: row.value })));
  }
  await assertBlockCap(db, owner, added.map((block) => block.type));
  await recordBlocks(db, record, owner, rows, added);
  return { added: added.length, removed: rows.length };
}

export const restrictionHandlers: Handlers = {
  changeRestrictions,

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
