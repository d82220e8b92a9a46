// API keys in the server tests (issue 29): made through the API by an admin, as the console will.
import { expect } from 'vitest';
import type { ApiKeyScope } from '../../src/lib/apiKeyScopes';
import type { TestApp } from './serverHarness';

export interface MadeKey {
  id: number;
  secret: string;
  hint: string;
}

const DAY_MS = 86_400_000;

/** A key of `publisherId` made by the admin whose token is given, valid `days` days unless the body says otherwise. */
export async function makeKey(
  t: TestApp,
  adminToken: string,
  publisherId: number,
  scopes: readonly ApiKeyScope[],
  extra: { name?: string; days?: number; allowedAddresses?: string[] } = {},
): Promise<MadeKey> {
  const res = await t.call({
    method: 'POST',
    url: `/external/publishers/${publisherId}/api-keys`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: {
      name: extra.name ?? `Key ${scopes.join(' ')}`,
      scopes,
      expiresAt: new Date(Date.now() + (extra.days ?? 30) * DAY_MS).toISOString(),
      ...(extra.allowedAddresses ? { allowedAddresses: extra.allowedAddresses } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as MadeKey;
  return { id: body.id, secret: body.secret, hint: body.hint };
}

export const keyHeader = (key: Pick<MadeKey, 'secret'>) => ({ authorization: `Bearer ${key.secret}` });
