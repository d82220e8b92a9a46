// The detection step of the daily job (and of the seeds): the drops of the last LOOKBACK_DAYS days of report data,
// per publisher and per zone, stored as alerts with their causes. Idempotent: an alert is keyed by publisher, zone,
// metric and first day (migration 0012), so a second run adds nothing; a run while a drop's first week lasts only
// raises its figures to its lowest day. A zone's drop that starts with its whole publisher's in the same metric is
// that publisher's alert (whose causes include the zone's changes), not one more; one that starts on another day,
// even while the publisher's lasts, is the zone's own.
import type { Db, Queryable } from '../db/db';
import { ALERT_METRICS, HISTORY_DAYS, analyseSeries, dropPercent, type AlertMetric, type DailySeries } from '../../../src/lib/revenueAlerts';
import { causesOf } from './causes';
import { addDays, latestReportDay, loadSeries, type SeriesWindow } from './series';

/** Days of report data whose drops a run looks for: a server down for a week still alerts on it. */
export const LOOKBACK_DAYS = 14;
/** A zone's drop starting this close to its publisher's (days) is the publisher's: a block made mid-day shows on
 * one zone the day it was made and on another only the next day. */
const SAME_START_DAYS = 1;

export interface DetectOptions {
  /** The job's day (UTC): the last day judged is the last with report data before it. */
  today: string;
  /** Days judged (default LOOKBACK_DAYS); the seeds judge every day their report rows allow. */
  lookbackDays?: number;
}

export interface DetectResult {
  /** The last day judged, or null without report data. */
  through: string | null;
  publishers: number;
  zones: number;
  raised: number;
  deepened: number;
}

interface Found {
  publisherId: number;
  legacy: boolean;
  zoneId: number | null;
  metric: AlertMetric;
  day: string;
  peakDay: string;
  value: number;
  baseline: number;
  dropPercent: number;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export async function detectRevenueAlerts(db: Db, { today, lookbackDays = LOOKBACK_DAYS }: DetectOptions): Promise<DetectResult> {
  const through = await latestReportDay(db, today);
  if (through === null) return { through, publishers: 0, zones: 0, raised: 0, deepened: 0 };
  const days = lookbackDays + HISTORY_DAYS;
  const window: SeriesWindow = { start: addDays(through, 1 - days), days };
  const publishers = await loadSeries(db, window);
  const from = days - lookbackDays;
  const dayOf = (index: number) => addDays(window.start, index);

  const found: Found[] = [];
  let zones = 0;
  for (const publisher of publishers) {
    zones += publisher.zones.length;
    for (const metric of ALERT_METRICS) {
      const whole = analyseSeries(publisher.series, metric);
      const record = (zoneId: number | null, series: DailySeries, skip: (day: number) => boolean) => {
        for (const drop of analyseSeries(series, metric).drops(from)) {
          if (skip(drop.day)) continue;
          found.push({
            publisherId: publisher.publisherId,
            legacy: publisher.legacy,
            zoneId,
            metric,
            day: dayOf(drop.day),
            peakDay: dayOf(drop.peakDay),
            value: round4(drop.value),
            baseline: round4(drop.baseline),
            dropPercent: dropPercent(drop.drop),
          });
        }
      };
      record(null, publisher.series, () => false);
      // A zone's drop that starts with the publisher's (the day before to the day after) is part of it.
      const starts = whole.drops(from - SAME_START_DAYS).map((drop) => drop.day);
      const publisherDrop = (day: number) => starts.some((start) => Math.abs(start - day) <= SAME_START_DAYS);
      for (const zone of publisher.zones) record(zone.zoneId, zone.series, publisherDrop);
    }
  }

  let raised = 0;
  let deepened = 0;
  const known = await existingAlerts(db, dayOf(from));
  const byPublisher = new Map<number, Found[]>();
  for (const alert of found) {
    const list = byPublisher.get(alert.publisherId);
    if (list) list.push(alert);
    else byPublisher.set(alert.publisherId, [alert]);
  }
  for (const [publisherId, alerts] of byPublisher) {
    // One transaction per publisher: PGlite serves nothing else while one runs.
    await db.transaction(async (tx) => {
      const fresh: Found[] = [];
      for (const alert of alerts) {
        const existing = known.get(keyOf(alert));
        if (existing === undefined) fresh.push(alert);
        else if (alert.dropPercent > existing.dropPercent) {
          await tx.query('UPDATE revenue_alerts SET peak_day = $2, value = $3, baseline = $4, drop_percent = $5 WHERE id = $1 AND drop_percent < $5', [
            existing.id,
            alert.peakDay,
            alert.value,
            alert.baseline,
            alert.dropPercent,
          ]);
          deepened += 1;
        }
      }
      if (fresh.length === 0) return;
      const legacy = fresh[0]!.legacy;
      const ranked = legacy ? fresh.map(() => ({ causes: [], count: 0 })) : await causesOf(tx, publisherId, fresh);
      // Another instance may have raised some in the meantime (a run it started after this one read the alerts):
      // those are left as they are, and only the ones inserted here get their causes.
      const inserted = await tx.query<{ id: number; zoneId: number | null; metric: string; day: string }>(
        `INSERT INTO revenue_alerts (publisher_id, zone_id, metric, day, peak_day, value, baseline, drop_percent, change_count)
         SELECT $1, a.zone_id, a.metric, a.day, a.peak_day, a.value, a.baseline, a.drop_percent, a.change_count
           FROM unnest($2::int[], $3::text[], $4::date[], $5::date[], $6::numeric[], $7::numeric[], $8::numeric[], $9::int[]) WITH ORDINALITY
                AS a (zone_id, metric, day, peak_day, value, baseline, drop_percent, change_count, position)
          ORDER BY a.position
         ON CONFLICT ON CONSTRAINT revenue_alerts_key DO NOTHING
         RETURNING id, zone_id AS "zoneId", metric, day`,
        [
          publisherId,
          fresh.map((alert) => alert.zoneId),
          fresh.map((alert) => alert.metric),
          fresh.map((alert) => alert.day),
          fresh.map((alert) => alert.peakDay),
          fresh.map((alert) => alert.value),
          fresh.map((alert) => alert.baseline),
          fresh.map((alert) => alert.dropPercent),
          ranked.map((rank) => rank.count),
        ],
      );
      raised += inserted.length;
      const idOf = new Map(inserted.map((row) => [keyOf({ publisherId, ...row }), row.id]));
      const causes = fresh.flatMap((alert, index) => {
        const id = idOf.get(keyOf(alert));
        return id === undefined ? [] : ranked[index]!.causes.map((cause, position) => ({ id, position, cause }));
      });
      if (causes.length) {
        await tx.query(
          `INSERT INTO revenue_alert_causes (alert_id, position, entry_id, ads_txt_change_id, effect, revenue_at_stake, share)
           SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $7::int[], $4::text[], $5::numeric[], $6::numeric[])`,
          [
            causes.map((row) => row.id),
            causes.map((row) => row.position),
            causes.map((row) => row.cause.entryId),
            causes.map((row) => row.cause.effect),
            causes.map((row) => row.cause.revenueAtStake),
            causes.map((row) => row.cause.share),
            causes.map((row) => row.cause.adsTxtChangeId),
          ],
        );
      }
    });
  }
  return { through, publishers: publishers.length, zones, raised, deepened };
}

const keyOf = (alert: { publisherId: number; zoneId: number | null; metric: string; day: string }) => `${alert.publisherId}|${alert.zoneId ?? ''}|${alert.metric}|${alert.day}`;

async function existingAlerts(db: Queryable, from: string): Promise<Map<string, { id: number; dropPercent: number }>> {
  const rows = await db.query<{ id: number; publisherId: number; zoneId: number | null; metric: string; day: string; dropPercent: number }>(
    `SELECT id, publisher_id AS "publisherId", zone_id AS "zoneId", metric, day, drop_percent AS "dropPercent" FROM revenue_alerts WHERE day >= $1::date AND type = 'REVENUE'`,
    [from],
  );
  return new Map(rows.map((row) => [keyOf(row), { id: row.id, dropPercent: row.dropPercent }]));
}
