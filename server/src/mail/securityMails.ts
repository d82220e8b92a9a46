// E-mails to the owner of an account whenever its second factor changes (issue 30): turned on, turned off, new
// recovery codes. A stolen token must not change the sign-in of an account unseen, so each mail says when and
// from which device and address it happened, and what to do when it was not the owner: reset the password (which
// ends every session) and write to support, whom only network staff can answer by removing a second factor an
// intruder set. No secret, code or link that signs anyone in is ever put in them.
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/db';
import { deviceOf } from '../auth/userAgent';
import { sendMail } from './outbox';
import { paths } from '../../../src/routes';

export type SecondFactorChange = 'TURNED_ON' | 'TURNED_OFF' | 'NEW_RECOVERY_CODES';

const TEXT: Record<SecondFactorChange, { subject: string; what: string }> = {
  TURNED_ON: {
    subject: 'Two-factor sign-in was turned on for your publisher portal account',
    what: 'Two-factor sign-in was turned on for your publisher portal account. Every other session of the account was signed out.',
  },
  TURNED_OFF: {
    subject: 'Two-factor sign-in was turned off for your publisher portal account',
    what: 'Two-factor sign-in was turned off for your publisher portal account: a password alone signs in again.',
  },
  NEW_RECOVERY_CODES: {
    subject: 'New recovery codes were made for your publisher portal account',
    what: 'New recovery codes were made for the two-factor sign-in of your publisher portal account. The old ones no longer work.',
  },
};

/** "Chrome on Windows, address 203.0.113.7": what the owner can recognise of the request that made the change. */
export function whereFrom(request: Pick<FastifyRequest, 'headers' | 'ip'>): string {
  const { browser, os } = deviceOf(request.headers['user-agent'] ?? '');
  const device = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'an unknown device');
  return `${device}, address ${request.ip}`;
}

export async function mailSecondFactorChange(
  db: Queryable,
  request: Pick<FastifyRequest, 'headers' | 'ip' | 'log'>,
  config: ServerConfig,
  owner: { name: string; email: string },
  change: SecondFactorChange,
): Promise<void> {
  const text = TEXT[change];
  await sendMail(db, request.log, config, {
    to: owner.email,
    subject: text.subject,
    text: [
      `Hello ${owner.name},`,
      '',
      text.what,
      `When: ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC, from ${whereFrom(request)}.`,
      '',
      'If this was you, there is nothing to do.',
      '',
      'If it was not you, someone else can use your account:',
      `1. Reset your password at once at ${config.publicUrl}${paths.forgot} (this signs out every session).`,
      `2. Report it to ${config.console.supportEmail}, naming this e-mail: network staff check the account and can turn off a second factor someone else set.`,
    ].join('\n'),
  });
}
