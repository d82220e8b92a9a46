// `npm start` / `npm run serve`: the reference API (and the built console) on one port.
import { loadConfig, ConfigError } from './config';
import { openDatabase } from './db/open';
import { buildApp } from './app';
import { startHistoryRetention } from './history/retention';
import { startRevenueAlertJob } from './alerts/job';
import { smtpTransport, startOutboxDelivery } from './mail/delivery';

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
  const db = await openDatabase(config, (message) => console.log(message));
  const app = await buildApp({ config, db });
  const stopRetention = startHistoryRetention(db, config.historyRetentionDays, {
    info: (message) => app.log.info(message),
    error: (error) => app.log.error({ err: error }, 'history retention failed'),
  });
  const stopAlerts = startRevenueAlertJob(db, { config, log: app.log }, {
    info: (message) => app.log.info(message),
    error: (error) => app.log.error({ err: error }, 'revenue alert job failed'),
  });
  const stopDelivery = config.smtpUrl
    ? startOutboxDelivery(db, smtpTransport(config.smtpUrl), config.mailFrom, {
        info: (message) => app.log.info(message),
        // The error's code only: an SMTP error may carry the conversation (addresses, an AUTH line).
        error: (outboxId, error) => app.log.error({ outboxId, code: (error as { code?: unknown } | null)?.code ?? null }, 'e-mail delivery failed'),
      })
    : async () => undefined;
  const close = async () => {
    await stopRetention();
    await stopAlerts();
    await stopDelivery();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Publisher portal listening on http://${config.host}:${port} (${db.kind}, ${config.mode}); API docs at /api-docs`);
  if (config.devMailbox) console.log(`Development mailbox (reset e-mails), for this machine only: ${config.publicUrl}/dev/mailbox`);
  else if (config.mode === 'development') console.log('Development mailbox off: the server listens beyond loopback (README, "Security")');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
