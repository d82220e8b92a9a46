// The revenue alerts' daily job (issue 23): the detection over the report rows (detect.ts), then the alert e-mails
// and, once a week is whole, the weekly summaries (mail/alertMails.ts). It runs at start and is looked at every hour
// after; a day's run happens once across every instance on one database: under an advisory lock (as the history
// retention), the first to claim the day in scheduled_job_runs runs it and the others skip. A run that died
// unfinished (its instance stopped) is taken over after STALE_MS. Every step is idempotent besides: alerts have a
// unique key, and an e-mail is written in the transaction that marks it sent.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/db';
import { sendAlertEmails, sendWeeklySummaries } from '../mail/alertMails';
import { mailSigner } from '../mail/mailTokens';
import { detectRevenueAlerts, type DetectResult } from './detect';
import { startRepeating, type JobLog } from '../jobs';

const LOCK_KEY = 727_015;
export const JOB_NAME = 'revenue-alerts';
const STALE_MS = 30 * 60_000;

export type JobResult =
  | { ran: false; day: string }
  | { ran: true; day: string; detect: DetectResult; alertEmails: number; weeklySummaries: number; ms: number };

export interface JobContext {
  config: ServerConfig;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/** Claims `now`'s day for this instance; false when it ran already or another instance runs it. */
async function claim(db: Db, day: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lock = await tx.one<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [LOCK_KEY]);
    if (!lock?.locked) return false;
    const last = await tx.one<{ day: string; startedAt: string; finishedAt: string | null }>(
      'SELECT day, started_at AS "startedAt", finished_at AS "finishedAt" FROM scheduled_job_runs WHERE name = $1',
      [JOB_NAME],
    );
    if (last && last.day >= day && (last.finishedAt !== null || Date.parse(last.startedAt) > now.getTime() - STALE_MS)) return false;
    await tx.query(
      `INSERT INTO scheduled_job_runs (name, day, started_at, finished_at) VALUES ($1, $2, $3, NULL)
       ON CONFLICT (name) DO UPDATE SET day = excluded.day, started_at = excluded.started_at, finished_at = NULL`,
      [JOB_NAME, day, now.toISOString()],
    );
    return true;
  });
}

/** Runs the day's job unless it ran (or runs) already; `now` is the job's clock (tests move it). */
export async function runRevenueAlertJob(db: Db, ctx: JobContext, now = new Date()): Promise<JobResult> {
  const day = now.toISOString().slice(0, 10);
  if (!(await claim(db, day, now))) return { ran: false, day };
  const started = performance.now();
  const detect = await detectRevenueAlerts(db, { today: day });
  const mail = { config: ctx.config, log: ctx.log, signer: await mailSigner(db), now };
  const alertEmails = await sendAlertEmails(db, mail);
  const weeklySummaries = await sendWeeklySummaries(db, mail);
  await db.query('UPDATE scheduled_job_runs SET finished_at = $3 WHERE name = $1 AND day = $2', [JOB_NAME, day, new Date().toISOString()]);
  return { ran: true, day, detect, alertEmails, weeklySummaries, ms: Math.round(performance.now() - started) };
}

/** Runs the job now and looks every hour whether a new day needs it, until stopped. */
export function startRevenueAlertJob(db: Db, ctx: JobContext, log: JobLog): () => Promise<void> {
  return startRepeating('revenue-alerts', async () => {
    const result = await runRevenueAlertJob(db, ctx);
    if (!result.ran) return;
    const { detect } = result;
    log.info(
      `Revenue alerts for ${result.day}: ${detect.raised} raised, ${detect.deepened} deepened over ${detect.publishers} publishers and ${detect.zones} zones` +
        ` (report data through ${detect.through ?? 'none'}); ${result.alertEmails} alert e-mails, ${result.weeklySummaries} weekly summaries; ${result.ms} ms`,
    );
  }, log);
}
