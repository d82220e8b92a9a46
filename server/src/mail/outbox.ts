// The reference server sends no e-mail: messages go to the outbox table, shown by the development mailbox
// (routes/system/devMailbox.ts). Mails carry secrets (temporary passwords, reset links): the log says only that one was
// queued, and where a developer can read it, in every mode.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  link?: string;
}

export async function sendMail(tx: Queryable, log: FastifyBaseLogger, config: ServerConfig, mail: Mail): Promise<void> {
  const row = await tx.one<{ id: number }>('INSERT INTO outbox (to_email, subject, body_text, link) VALUES ($1, $2, $3, $4) RETURNING id', [
    mail.to,
    mail.subject,
    mail.text,
    mail.link ?? null,
  ]);
  const where = config.devMailbox ? `; read it at ${config.publicUrl}/dev/mailbox on this machine` : '';
  log.info({ outboxId: row!.id }, `e-mail queued in the outbox${where}`);
}
