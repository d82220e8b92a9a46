// Who is calling: the bearer token checked against the user as stored now (enabled, password changes).
import type { Db } from '../db/db';
import { accountLocked, unauthorized } from '../http/errors';
import type { TokenService } from './tokens';

export interface Principal {
  id: number;
  email: string;
  name: string;
  isInternal: boolean;
  roles: string[];
}

interface UserRow {
  id: number;
  email: string;
  name: string;
  enabled: boolean;
  is_internal: boolean;
  roles: string[];
  valid_after: number;
}

export async function authenticate(db: Db, tokens: TokenService, authorization: string | undefined): Promise<Principal> {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  let payload;
  try {
    payload = await tokens.verify(match[1]);
  } catch {
    throw unauthorized('Invalid or expired token');
  }
  // Runs on every request: a prepared statement skips parsing and planning it each time.
  const [user] = await db.prepared<UserRow>(
    `SELECT id, email, name, enabled, is_internal, roles, extract(epoch FROM tokens_valid_after)::int8 AS valid_after
       FROM users WHERE id = $1`,
    [payload.user?.id],
  );
  if (!user || payload.iat < user.valid_after) throw unauthorized('Invalid or expired token');
  if (!user.enabled) throw accountLocked();
  return { id: user.id, email: user.email, name: user.name, isInternal: user.is_internal, roles: user.roles };
}
