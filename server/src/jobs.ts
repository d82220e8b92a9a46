// Background jobs of an instance (history retention, revenue alerts, Idempotency-Key cleanup): run at start and
// every hour. Each task decides whether there is work and takes its own advisory lock, so several instances run it
// once. Every run is counted by job in /metrics (runs, failures, duration: metrics.ts).
import { jobDuration, jobFailures, jobRuns } from './metrics';

export const HOUR_MS = 3_600_000;

/** Where a job reports: a line for what it did, an error when a run failed. */
export interface JobLog {
  info(message: string): void;
  error(error: unknown): void;
}

/**
 * Runs `task` now and every `everyMs` (an hour) until stopped, one run at a time: a slow run delays the next and
 * never overlaps it; a failed one is logged and the next tries again. The timer keeps no process alive; the
 * returned stop waits for the run in progress.
 */
export function startRepeating(job: string, task: () => Promise<void>, log: Pick<JobLog, 'error'>, everyMs = HOUR_MS): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      const done = jobDuration.startTimer({ job });
      jobRuns.inc({ job });
      try {
        await task();
      } catch (error) {
        jobFailures.inc({ job });
        log.error(error);
      } finally {
        done();
      }
    });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
