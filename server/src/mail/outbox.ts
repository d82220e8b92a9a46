// The reference server sends no e-mail: messages go to the outbox table (shown by /dev/mailbox outside
// production) and, in development, to the log, so a developer sees them in the terminal.
import type { FastifyBaseLogger } from 'fastify';
import type { Mode } from '../config';
import type { Queryable } from '../db/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  link?: string;
}

export async function sendMail(tx: Queryable, log: FastifyBaseLogger, mode: Mode, mail: Mail): Promise<void> {
  const row = await tx.one<{ id: number }>('INSERT INTO outbox (to_email, subject, body_text, link) VALUES ($1, $2, $3, $4) RETURNING id', [
    mail.to,
    mail.subject,
    mail.text,
    mail.link ?? null,
  ]);
  // Mails carry secrets (temporary passwords, reset links): their text is logged only in development.
  if (mode === 'production') log.info({ outboxId: row!.id }, 'e-mail queued in the outbox');
  else log.info({ outboxId: row!.id, mail }, 'development e-mail (also listed at /dev/mailbox)');
}
