/**
 * Reading the login token in the browser (spec section 3: the payload holds user, isInternal and exp).
 *
 * The signature is not checked here: the browser has no key, and the server checks every call anyway. The
 * payload only decides what the console shows, so a tampered token gains nothing but a broken screen.
 * A token whose payload is not the contract's TokenPayload shape is refused (null), except that missing
 * `user.roles` reads as no roles (spec section 6: "roles come from the token when present").
 */
import type { components } from '../../openapi/portal';

export type TokenPayload = components['schemas']['TokenPayload'];

function base64UrlToText(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toPayload(value: unknown): TokenPayload | null {
  if (!isRecord(value) || !isRecord(value.user)) return null;
  const { user } = value;
  const roles = user.roles ?? [];
  if (
    typeof user.id !== 'number' ||
    typeof user.email !== 'string' ||
    typeof user.name !== 'string' ||
    typeof user.enabled !== 'boolean' ||
    !Array.isArray(roles) ||
    !roles.every((role) => typeof role === 'string') ||
    typeof value.isInternal !== 'boolean' ||
    typeof value.sid !== 'number' ||
    typeof value.exp !== 'number' ||
    typeof value.iat !== 'number' ||
    typeof value.iss !== 'string' ||
    typeof value.aud !== 'string'
  ) {
    return null;
  }
  return {
    user: { id: user.id, email: user.email, name: user.name, enabled: user.enabled, roles: roles as string[] },
    isInternal: value.isInternal,
    sid: value.sid,
    exp: value.exp,
    iat: value.iat,
    iss: value.iss,
    aud: value.aud,
  };
}

/** The payload of a compact JWT, or null when it is not a well-formed token with the contract's payload. */
export function decodeToken(jwt: string): TokenPayload | null {
  const parts = jwt.trim().split('.');
  if (parts.length !== 3 || parts[1] === undefined || parts[1] === '') return null;
  const text = base64UrlToText(parts[1]);
  if (text === null) return null;
  try {
    return toPayload(JSON.parse(text));
  } catch {
    return null;
  }
}
