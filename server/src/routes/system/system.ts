// Console support: runtime configuration and health.
import { ApiError, notFound } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { servesMailbox } from './devMailbox';
import { shuttingDown } from '../../lifecycle';

/** How long readiness waits for the database before it says not ready (the proxy's check gives up soon after). */
const READINESS_DATABASE_TIMEOUT_MS = 2_000;

export const systemHandlers: Handlers = {
  async getConsoleConfig({ config, reply }) {
    reply.header('cache-control', 'no-cache');
    const c = config.console;
    return {
      hosts: { production: c.productionHost, staging: c.stagingHost, internalTestDomain: c.internalTestDomain },
      backends: {
        production: {
          authBaseUrl: c.productionAuthBaseUrl,
          apiBaseUrl: c.productionApiBaseUrl,
          internalPublisherUrl: c.internalSettings.production.publisherUrl,
          internalZoneUrl: c.internalSettings.production.zoneUrl,
        },
        staging: {
          authBaseUrl: c.stagingAuthBaseUrl,
          apiBaseUrl: c.stagingApiBaseUrl,
          internalPublisherUrl: c.internalSettings.staging.publisherUrl,
          internalZoneUrl: c.internalSettings.staging.zoneUrl,
        },
      },
      forceEnvironment: c.forceEnvironment,
      supportEmail: c.supportEmail,
      faqUrl: c.faqUrl,
      gdprTermsUrl: c.gdprTermsUrl,
      maintenance: c.maintenance,
    };
  },

  async getHealth({ db }) {
    try {
      await db.query('SELECT 1');
    } catch {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The database is unreachable');
    }
    return { status: 'ok' as const, database: db.kind };
  },

  async getReadiness({ db, lifecycle }) {
    if (lifecycle.state !== 'serving') throw shuttingDown();
    let timer: NodeJS.Timeout | undefined;
    const reached = await Promise.race([
      db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(resolve, READINESS_DATABASE_TIMEOUT_MS, false))),
    ]).finally(() => clearTimeout(timer));
    if (!reached) throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The database is unreachable');
    return { status: 'ready' as const };
  },

  async listMailboxMessages({ db, config, query, request }) {
    if (!servesMailbox(config, request)) throw notFound();
    return db.query(
      `SELECT id, to_email AS "to", subject, body_text AS text, link, attachments,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
         FROM outbox WHERE ($1::text IS NULL OR lower(to_email) = lower($1)) ORDER BY id DESC LIMIT 100`,
      [query.to ?? null],
    );
  },
};
