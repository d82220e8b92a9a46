// Every e-mail the server sends goes first to the outbox table, in the transaction of what it tells (a reset link
// exists only if its e-mail does): the development mailbox (routes/system/devMailbox.ts) shows it, and with SMTP_URL
// set the delivery (delivery.ts) sends it through nodemailer after the commit. Mails carry secrets (temporary
// passwords, reset links, unsubscribe and download tokens): the log says only that one was queued, and where a
// developer can read it, in every mode.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/db';
import { mailsQueued } from '../metrics';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (the weekly summary's CSV). */
  content: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  link?: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export async function sendMail(tx: Queryable, log: Pick<FastifyBaseLogger, 'info'>, config: ServerConfig, mail: Mail): Promise<void> {
  const row = await tx.one<{ id: number }>(
    'INSERT INTO outbox (to_email, subject, body_text, link, attachments, headers) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [mail.to, mail.subject, mail.text, mail.link ?? null, JSON.stringify(mail.attachments ?? []), JSON.stringify(mail.headers ?? {})],
  );
  mailsQueued.inc();
  // Never the mailbox's key: only the start-up line on the console carries it (main.ts).
  const where = config.smtpUrl
    ? '; it goes out through SMTP'
    : config.devMailbox
      ? `; read it in the development mailbox, ${config.publicUrl}/dev/mailbox?key=… (the link printed at start)`
      : '';
  log.info({ outboxId: row!.id }, `e-mail queued in the outbox${where}`);
}
