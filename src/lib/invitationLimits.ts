/**
 * How many invitations may be sent (issue 30: 25 to one address in 1.6 s by inviting and revoking, 99 addresses in
 * 1.9 s). Counted on creation, whatever became of them since (revoked, replaced, accepted), over a sliding window:
 * the server refuses one more with 429 TOO_MANY_INVITATIONS and Retry-After, and the invite dialog says the limits.
 */
export const INVITATION_LIMITS = {
  /** Invitations to one e-mail address, by any team, in 24 hours: no mail bombing through the portal's address. */
  perRecipientPerDay: 3,
  /** Invitations of one team in an hour. */
  perPublisherPerHour: 30,
  /** Invitations one person sends in an hour, whatever the team. */
  perInviterPerHour: 20,
} as const;

export type InvitationLimit = 'RECIPIENT' | 'PUBLISHER' | 'INVITER';
