// `npm start` / `npm run serve`: the reference API (and the built console) on one port.
import { loadConfig, ConfigError } from './config';
import { openDatabase } from './db/open';
import { buildApp } from './app';
import { loadContract } from './http/contract';
import { startHistoryRetention } from './history/retention';
import { mailboxUrl } from './routes/system/devMailbox';
import { Lifecycle } from './lifecycle';

/** After SIGTERM the process is gone within this, whatever still runs (a load balancer's usual grace is 10 s+). */
const SHUTDOWN_DEADLINE_MS = 9_500;
import { startRevenueAlertJob } from './alerts/job';
import { smtpTransport, startOutboxDelivery } from './mail/delivery';
import { startIdempotencyCleanup } from './http/idempotency';
import { requiredLinesCache, startAdsTxtMonitor } from './crawl/monitor';
import { startDevSites } from './crawl/devSites';
import { DEMO } from './db/seed/demoIds';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  // Until the app's logger exists, a lost idle connection is one console line (never its connection string).
  let onConnectionError = (error: Error) => console.error(`database connection lost: ${error.message}`);
  const db = await openDatabase(config, (message) => console.log(message), { onConnectionError: (error) => onConnectionError(error) });
  // Development: the demo domains' ads.txt served on loopback and mapped for the crawler, which then runs on its
  // schedule unless CRAWL_SCHEDULE says otherwise (config.devAdsTxtSites, server/src/crawl/devSites.ts).
  const devSites = config.devAdsTxtSites ? await startDevSites(() => requiredLinesCache(db)(DEMO.publishers.atlasNews)) : null;
  if (devSites) config = { ...config, crawlHosts: devSites.hosts, crawlSchedule: process.env.CRAWL_SCHEDULE ? config.crawlSchedule : true };
  const lifecycle = new Lifecycle();
  // Each contract validator compiles at its first use (contract.ts); production compiles them all before serving,
  // so a schema that cannot compile stops the start and no first request pays for it.
  if (config.mode === 'production') loadContract().compileAll();
  const app = await buildApp({ config, db, lifecycle });
  onConnectionError = (error) => app.log.warn({ message: error.message }, 'database connection lost; the pool replaces it');
  const stopRetention = startHistoryRetention(db, config.historyRetentionDays, {
    info: (message) => app.log.info(message),
    error: (error) => app.log.error({ err: error }, 'history retention failed'),
  });
  const stopAlerts = startRevenueAlertJob(db, { config, log: app.log }, {
    info: (message) => app.log.info(message),
    error: (error) => app.log.error({ err: error }, 'revenue alert job failed'),
  });
  const stopIdempotency = startIdempotencyCleanup(db, {
    info: (message) => app.log.info(message),
    error: (error) => app.log.error({ err: error }, 'Idempotency-Key cleanup failed'),
  });
  const stopMonitor = config.crawlSchedule
    ? startAdsTxtMonitor(
        db,
        app.services.crawler,
        {
          info: (message) => app.log.info(message),
          error: (error) => app.log.error({ err: error }, 'ads.txt monitor failed'),
        },
        { config, log: app.log },
      )
    : async () => undefined;
  const stopDelivery = config.smtpUrl
    ? startOutboxDelivery(db, smtpTransport(config.smtpUrl), config.mailFrom, {
        info: (message) => app.log.info(message),
        // The error's code only: an SMTP error may carry the conversation (addresses, an AUTH line).
        error: (outboxId, error) => app.log.error({ outboxId, code: (error as { code?: unknown } | null)?.code ?? null }, 'e-mail delivery failed'),
      })
    : async () => undefined;

  /**
   * SIGTERM (a deployment replacing the instance): not ready at once, so the load balancer's health checks stop
   * sending; still serving for SHUTDOWN_DRAIN_MS while they notice; then the listener closes, the requests in flight
   * finish (a request still arriving on a kept-alive connection is refused with 503 in the Error shape), the
   * background jobs and the pool close, and the process exits. SIGINT (Ctrl-C in a terminal) skips the drain.
   */
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const deadline = setTimeout(() => {
      console.error(`Still stopping ${SHUTDOWN_DEADLINE_MS} ms after ${signal}: exiting now`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    lifecycle.drain();
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info(`${signal}: not ready; draining for ${drainMs} ms, then closing`);
    if (drainMs) await new Promise((resolve) => setTimeout(resolve, drainMs));
    try {
      await app.close();
      await stopRetention();
      await stopAlerts();
      await stopIdempotency();
      await stopMonitor();
      await devSites?.close();
      await stopDelivery();
      await db.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Publisher portal listening on http://${config.host}:${port} (${db.kind}, ${config.mode}); API docs at /api-docs`);
  // The mailbox's key is printed here once, on the console, and nowhere else (never through the logger). At the
  // instance's own address, not PUBLIC_URL: behind a proxy (whose requests it refuses) that is the proxy's.
  const direct = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  if (devSites) console.log(`Development ads.txt sites of the demo domains (README, "ads.txt monitor"): ${devSites.url}`);
  if (config.devMailbox) console.log(`Development mailbox (reset e-mails), for this machine only: ${mailboxUrl(config, direct)}`);
  else if (config.mode === 'development') console.log('Development mailbox off: the server listens beyond loopback (README, "Security")');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
