// API keys of a publisher (issue 29): listed with their last use, made by the publisher's admins (the secret
// answered once, only its hash stored), revoked by admins and network staff. Each making and revocation is a
// history entry (API_KEY); the key's use is checked in auth/apiKeys.ts.
import { assertFullProduct, publisherFor } from '../../auth/access';
import { newSecret, normalCidr, snapshotOf } from '../../auth/apiKeys';
import type { Queryable } from '../../db/db';
import { badRequest, conflict, forbidden, internalError, notFound } from '../../http/errors';
import { NO_CONTENT, type Handlers } from '../../http/handlers';
import type { components } from '../../../../openapi/portal';
import { API_KEY_MAX_DAYS, MAX_ACTIVE_API_KEYS, type ApiKeyScope } from '../../../../src/lib/apiKeyScopes';

type ApiKey = components['schemas']['ApiKey'];

const KEY_COLUMNS = `k.id, k.name, k.hint, k.scopes, k.allowed_addresses AS "allowedAddresses", k.created_at AS "createdAt",
  k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt", k.last_used_at AS "lastUsedAt", k.last_used_address AS "lastUsedAddress",
  json_build_object('id', k.created_by, 'name', k.created_by_name, 'email', k.created_by_email) AS "createdBy",
  EXISTS (SELECT 1 FROM user_publishers up WHERE up.user_id = k.created_by AND up.publisher_id = k.publisher_id) AS "makerIsMember"`;

async function keyOf(db: Queryable, publisherId: number, keyId: number): Promise<ApiKey | undefined> {
  return db.one<ApiKey>(`SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.id = $1 AND k.publisher_id = $2`, [keyId, publisherId]);
}

/** The allowed addresses as stored (network address of each block, duplicates once), or 400 naming the first bad one. */
function allowedAddresses(entries: readonly string[]): string[] {
  const normal = entries.map((entry, index) => {
    const cidr = normalCidr(entry);
    if (cidr === null) throw badRequest('An allowed address is not an IP address or CIDR block', [{ field: `/body/allowedAddresses/${index}`, message: 'is not an IP address or CIDR block' }]);
    return cidr;
  });
  return [...new Set(normal)];
}

export const apiKeyHandlers: Handlers = {
  // Not part of the legacy just-premium product (its console offers no API keys page): refused here as well.
  async listApiKeys({ db, principal, params }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    return db.query<ApiKey>(`SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.publisher_id = $1 ORDER BY k.created_at DESC, k.id DESC LIMIT 1000`, [params.publisherId]);
  },

  async createApiKey({ db, principal, params, body, record }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    assertFullProduct(publisher);
    // A key is the publisher's own credential: its admins make it, never network staff acting for it.
    if (principal.isInternal) throw forbidden("Network staff cannot make a publisher's API keys: its admins do");
    const name = body.name.trim();
    if (name === '') throw badRequest('The name is required', [{ field: '/body/name', message: 'must not be empty' }]);
    const addresses = allowedAddresses(body.allowedAddresses ?? []);
    const window = await db.one<{ inFuture: boolean; withinLimit: boolean; active: number }>(
      `SELECT $2::timestamptz > now() AS "inFuture", $2::timestamptz <= now() + make_interval(days => $3) AS "withinLimit",
              (SELECT count(*)::int FROM api_keys WHERE publisher_id = $1 AND revoked_at IS NULL AND expires_at > now()) AS active`,
      [publisher.id, body.expiresAt, API_KEY_MAX_DAYS],
    );
    if (!window?.inFuture || !window.withinLimit) {
      throw badRequest(`The expiry must be in the future and at most ${API_KEY_MAX_DAYS} days ahead`, [
        { field: '/body/expiresAt', message: `must be in the future and at most ${API_KEY_MAX_DAYS} days ahead` },
      ]);
    }
    if (window.active >= MAX_ACTIVE_API_KEYS) throw conflict('ALREADY_EXISTS', `A publisher has at most ${MAX_ACTIVE_API_KEYS} API keys in use: revoke one first`);
    const secret = newSecret();
    const scopes = [...new Set(body.scopes)] as ApiKeyScope[];
    const row = await db.one<{ id: number }>(
      `INSERT INTO api_keys (publisher_id, name, hint, secret_hash, scopes, allowed_addresses, created_by, created_by_name, created_by_email, expires_at)
       VALUES ($1, $2, $3, decode($4, 'hex'), $5::text[], $6::text[], $7, $8, $9, $10) RETURNING id`,
      [publisher.id, name, secret.hint, secret.hash, scopes, addresses, principal.id, principal.name, principal.email, body.expiresAt],
    );
    const key = await keyOf(db, publisher.id, row!.id);
    if (!key) throw internalError();
    await record({ kind: 'API_KEY', publisherId: publisher.id, zone: null, before: null, after: { key: snapshotOf(key) } });
    return { ...key, secret: secret.secret };
  },

  async revokeApiKey({ db, principal, params, record }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    const revoked = await db.one<{ id: number }>(
      'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND publisher_id = $2 AND revoked_at IS NULL RETURNING id',
      [params.apiKeyId, params.publisherId],
    );
    if (!revoked) throw notFound('API key not found');
    const key = (await keyOf(db, params.publisherId, revoked.id))!;
    await record({ kind: 'API_KEY', publisherId: params.publisherId, zone: null, before: { key: snapshotOf(key) }, after: null });
    return NO_CONTENT;
  },
};

