// Blocking (spec sections 2 'Blocking', 5 and 6): advertisers, advertiser domains and IAB categories blocked for a
// publisher (global blocks) or one of its zones.
import type { Principal } from '../auth/principal';
import type { Db } from '../db/db';
import { conflict, notFound } from '../http/errors';
import { NO_CONTENT, type Handlers } from '../http/handlers';
import type { components } from '../../../src/dataProvider/schema';
import {
  applicableClusivity,
  assertMayChangeTypes,
  assertNotIncluded,
  requestedValues,
  restrictionGroups,
  restrictionOwner,
  type RestrictionType,
} from './restrictionRules';

type RestrictionBulk = components['schemas']['RestrictionBulk'];

/** Adds (POST) or sets (PUT) the listed exclusions and answers the owner's groups afterwards. */
async function writeRestrictions(
  db: Db,
  principal: Principal,
  params: { entity: 'publisher' | 'zone'; entityId: number },
  bulk: RestrictionBulk,
  mode: 'add' | 'set',
) {
  return db.transaction(async (tx) => {
    const owner = await restrictionOwner(tx, principal, params.entity, params.entityId);
    assertMayChangeTypes(principal, bulk.map((group, i) => ({ type: group.type, field: `/body/${i}/type` })));
    const values = await requestedValues(tx, bulk);

    assertNotIncluded(await applicableClusivity(tx, owner), bulk.map((group, i) => ({ type: group.type, field: `/body/${i}/type` })));

    for (const type of new Set(values.map((v) => v.type))) {
      await tx.query(
        `INSERT INTO restrictions (entity_type, entity_id, publisher_id, restriction_type, value, clusivity)
         SELECT $1, $2, $3, $4, value, 'EXCLUDE' FROM unnest($5::text[]) AS value
         ON CONFLICT (entity_type, entity_id, restriction_type, value)
         ${mode === 'add' ? 'DO NOTHING' : "DO UPDATE SET clusivity = 'EXCLUDE'"}`,
        [owner.entityType, owner.entityId, owner.publisherId, type, values.filter((v) => v.type === type).map((v) => v.value)],
      );
    }
    return restrictionGroups(tx, owner);
  });
}

export const restrictionHandlers: Handlers = {
  async listRestrictions({ db, principal, params, query }) {
    const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
    return restrictionGroups(db, owner, { type: query.restrictionType, language: query.language });
  },

  async createRestrictions({ db, principal, params, body }) {
    return writeRestrictions(db, principal, params, body, 'add');
  },

  async updateRestrictions({ db, principal, params, body }) {
    return writeRestrictions(db, principal, params, body, 'set');
  },

  async deleteRestrictions({ db, principal, params, body }) {
    await db.transaction(async (tx) => {
      const owner = await restrictionOwner(tx, principal, params.entity, params.entityId);
      // Only the owner's own rows: a zone's Global blocks and other entities' ids answer like missing ones.
      const rows = await tx.query<{ id: number; type: RestrictionType; clusivity: string }>(
        `SELECT id, restriction_type AS type, clusivity FROM restrictions
          WHERE id = ANY($1::int[]) AND entity_type = $2 AND entity_id = $3`,
        [body, owner.entityType, owner.entityId],
      );
      if (rows.length !== body.length) throw notFound('Restriction not found');
      const fieldOf = (id: number) => `/body/${body.indexOf(id)}`;
      assertMayChangeTypes(principal, rows.map((row) => ({ type: row.type, field: fieldOf(row.id) })));
      // The portal manages exclusions only; inclusion lists belong to the account manager.
      const included = rows.filter((row) => row.clusivity === 'INCLUDE');
      if (included.length) {
        throw conflict(
          'CLUSIVITY_CONFLICT',
          'Contact your account manager to change these restrictions',
          included.map((row) => ({ field: fieldOf(row.id), message: 'is an inclusion managed by your account manager' })),
        );
      }
      await tx.query('DELETE FROM restrictions WHERE id = ANY($1::int[])', [body]);
    });
    return NO_CONTENT;
  },
};
