// `npm start` / `npm run serve`: the reference API (and the built console) on one port.
import { loadConfig, ConfigError } from './config';
import { openDatabase } from './db/open';
import { buildApp } from './app';
import { startHistoryRetention } from './history/retention';
import { mailboxUrl } from './routes/system/devMailbox';

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
  const close = async () => {
    await stopRetention();
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
  // The mailbox's key is printed here once, on the console, and nowhere else (never through the logger).
  if (config.devMailbox) console.log(`Development mailbox (reset e-mails), for this machine only: ${mailboxUrl(config)}`);
  else if (config.mode === 'development') console.log('Development mailbox off: the server listens beyond loopback (README, "Security")');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
