// Console support: runtime configuration and health.
import { ApiError, notFound } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { servesMailbox } from './devMailbox';

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

  async listMailboxMessages({ db, config, query, request }) {
    if (!servesMailbox(config, request)) throw notFound();
    return db.query(
      `SELECT id, to_email AS "to", subject, body_text AS text, link,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
         FROM outbox WHERE ($1::text IS NULL OR lower(to_email) = lower($1)) ORDER BY id DESC LIMIT 100`,
      [query.to ?? null],
    );
  },
};
