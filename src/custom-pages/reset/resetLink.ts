/**
 * The reset link's query parameters (spec section 2: tk, ts, ue) and whether it has expired.
 * ts is the link's expiry in milliseconds since the epoch (contract ValidateResetRequest.ts); an expired one
 * is refused here without calling the server (spec section 5). A missing or unreadable ts is left to the
 * server, which keeps its own expiry.
 */
export interface ResetLinkParams {
  tk: string;
  ue: string;
  ts?: string;
}

/** `email`: the account the link was for, when the link says (ue), to ask for a new link in its name. */
export type ResetLinkState =
  | { kind: 'incomplete'; email?: string }
  | { kind: 'expired'; email?: string }
  | { kind: 'check'; link: ResetLinkParams };

export function readResetLink(search: string, now: number = Date.now()): ResetLinkState {
  const params = new URLSearchParams(search);
  const tk = params.get('tk')?.trim() ?? '';
  const ue = params.get('ue')?.trim() ?? '';
  const ts = params.get('ts')?.trim() ?? '';
  const email = ue === '' ? {} : { email: ue };
  if (tk === '' || ue === '') return { kind: 'incomplete', ...email };
  const expiresAt = /^\d+$/.test(ts) ? Number(ts) : Number.NaN;
  if (Number.isFinite(expiresAt) && expiresAt <= now) return { kind: 'expired', ...email };
  return { kind: 'check', link: ts === '' ? { tk, ue } : { tk, ue, ts } };
}
