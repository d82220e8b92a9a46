// Rows the blocking, account, payment and frame tests stand on, written straight into the test's own database.
// Each file first clears what it reads for the demo publishers, so a richer demo seed cannot change its answers.
import type { Queryable } from '../../server/src/db/db';
import type { components } from '../../openapi/portal';

export type RestrictionEntity = components['parameters']['RestrictionEntity'];
export type RestrictionType = components['schemas']['RestrictionType'];

/** Removes the rows these tests assert on (restrictions, settings, ledger, report rows, zone domains). */
export async function clearPublisherRows(db: Queryable, publisherIds: readonly number[]): Promise<void> {
  await db.query('DELETE FROM restrictions WHERE publisher_id = ANY($1::int[])', [publisherIds]);
  await db.query(
    `DELETE FROM restriction_settings s
      WHERE (s.entity_type = 'publisher' AND s.entity_id = ANY($1::int[]))
         OR (s.entity_type = 'zone' AND s.entity_id IN (SELECT tracking_id FROM zones WHERE publisher_id = ANY($1::int[])))`,
    [publisherIds],
  );
  await db.query('DELETE FROM payment_ledger WHERE publisher_id = ANY($1::int[])', [publisherIds]);
  await db.query('DELETE FROM report_daily WHERE publisher_id = ANY($1::int[])', [publisherIds]);
  await db.query('DELETE FROM zones WHERE publisher_id = ANY($1::int[])', [publisherIds]);
}

export async function insertRestriction(
  db: Queryable,
  row: { entity: RestrictionEntity; entityId: number; publisherId: number; type: RestrictionType; value: string; clusivity?: 'EXCLUDE' | 'INCLUDE' },
): Promise<number> {
  const inserted = await db.one<{ id: number }>(
    `INSERT INTO restrictions (entity_type, entity_id, publisher_id, restriction_type, value, clusivity)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [row.entity, row.entityId, row.publisherId, row.type, row.value, row.clusivity ?? 'EXCLUDE'],
  );
  return inserted!.id;
}

export async function setClusivity(
  db: Queryable,
  entity: RestrictionEntity,
  entityId: number,
  type: RestrictionType,
  clusivity: 'EXCLUDE' | 'INCLUDE' | null,
): Promise<void> {
  await db.query('DELETE FROM restriction_settings WHERE entity_type = $1 AND entity_id = $2 AND restriction_type = $3', [entity, entityId, type]);
  if (clusivity) {
    await db.query('INSERT INTO restriction_settings (entity_type, entity_id, restriction_type, clusivity) VALUES ($1, $2, $3, $4)', [
      entity,
      entityId,
      type,
      clusivity,
    ]);
  }
}

export async function restrictionValues(db: Queryable, entity: RestrictionEntity, entityId: number): Promise<string[]> {
  const rows = await db.query<{ value: string }>(
    'SELECT restriction_type || \':\' || value AS value FROM restrictions WHERE entity_type = $1 AND entity_id = $2 ORDER BY 1',
    [entity, entityId],
  );
  return rows.map((row) => row.value);
}

export type LedgerKind = 'earnings' | 'adjustment' | 'deduction' | 'payment';

/** kind defaults to earnings for an amount of 0 or more, payment below; month ('YYYY-MM') to the date's. */
export async function insertLedgerRow(
  db: Queryable,
  row: {
    publisherId: number;
    date: string;
    description: string;
    amount: number;
    currency?: string;
    kind?: LedgerKind;
    month?: string;
    descriptionKey?: string;
    reference?: string;
  },
): Promise<number> {
  const inserted = await db.one<{ id: number }>(
    `INSERT INTO payment_ledger (publisher_id, date, description, amount, currency, kind, month, description_key, reference)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [row.publisherId, row.date, row.description, row.amount, row.currency ?? 'USD', row.kind ?? (row.amount >= 0 ? 'earnings' : 'payment'),
      `${row.month ?? row.date.slice(0, 7)}-01`, row.descriptionKey ?? null, row.reference ?? null],
  );
  return inserted!.id;
}

/** A daily report row `daysAgo` days before the database's today. */
export async function insertReportRow(
  db: Queryable,
  row: { publisherId: number; zoneId: number; advertiserId: number; daysAgo: number; impressions: number; clicks?: number; revenue: number },
): Promise<void> {
  await db.query(
    `INSERT INTO report_daily (publisher_id, day, zone_id, advertiser_id, impressions, clicks, revenue)
     VALUES ($1, current_date - $2::int, $3, $4, $5, $6, $7)`,
    [row.publisherId, row.daysAgo, row.zoneId, row.advertiserId, row.impressions, row.clicks ?? 0, row.revenue],
  );
}

export async function insertZoneDomain(db: Queryable, zoneId: number, domain: string, selfIdentifierIds: readonly number[] = []): Promise<number> {
  const inserted = await db.one<{ id: number }>("INSERT INTO zone_domains (zone_id, domain, kind) VALUES ($1, $2, 'web') RETURNING id", [zoneId, domain]);
  for (const id of selfIdentifierIds) {
    await db.query('INSERT INTO zone_domain_self_identifiers (zone_domain_id, self_identifier_id) VALUES ($1, $2)', [inserted!.id, id]);
  }
  return inserted!.id;
}
