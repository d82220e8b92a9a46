// Delivery of the outbox through SMTP (SMTP_URL), with nodemailer. Every instance may run it: a batch is claimed
// first (claimed_until, rows locked with SKIP LOCKED while claiming), then sent outside any transaction (an SMTP
// conversation must not hold the database, which PGlite has one connection to), then marked sent. A failed send is
// tried again on the next rounds, up to MAX_ATTEMPTS; a mail a day old is not sent any more (a reset link has expired
// by then, and a database first used without SMTP must not send its old mails). Without SMTP_URL nothing runs: the
// outbox is the development mailbox. The log names outbox ids and counts, never an address, a subject or a link.
import { startRepeating } from '../jobs';
import { mailsDelivered } from '../metrics';
import nodemailer from 'nodemailer';
import type { Db } from '../db/db';
import type { MailAttachment } from './outbox';

export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    headers: Record<string, string>;
    attachments: MailAttachment[];
  }): Promise<unknown>;
}

const BATCH = 20;
const CLAIM_SECONDS = 120;
export const MAX_ATTEMPTS = 5;
const ROUND_MS = 15_000;

interface Claimed {
  id: number;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  attachments: MailAttachment[];
}

export function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport(url) as unknown as MailTransport;
}

/** Sends what is waiting, batch after batch; answers how many went out and how many failed. */
export async function deliverOutbox(db: Db, transport: MailTransport, from: string, log: { error(outboxId: number, error: unknown): void }) {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const batch = await db.query<Claimed>(
      `UPDATE outbox SET claimed_until = now() + make_interval(secs => $2), attempts = attempts + 1
        WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL AND attempts < $3 AND (claimed_until IS NULL OR claimed_until < now())
                        AND created_at > now() - interval '1 day'
                      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, to_email AS "to", subject, body_text AS text, headers, attachments`,
      [BATCH, CLAIM_SECONDS, MAX_ATTEMPTS],
    );
    if (batch.length === 0) return { sent, failed };
    for (const mail of batch.sort((a, b) => a.id - b.id)) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers, attachments: mail.attachments });
        await db.query('UPDATE outbox SET sent_at = now(), claimed_until = NULL WHERE id = $1', [mail.id]);
        sent += 1;
      } catch (error) {
        await db.query('UPDATE outbox SET claimed_until = NULL WHERE id = $1', [mail.id]);
        log.error(mail.id, error);
        failed += 1;
      }
    }
    if (batch.length < BATCH) return { sent, failed };
  }
}

/** Delivers now and every ROUND_MS until stopped; the timer keeps no process alive. */
export function startOutboxDelivery(
  db: Db,
  transport: MailTransport,
  from: string,
  log: { info(message: string): void; error(outboxId: number | null, error: unknown): void },
): () => Promise<void> {
  // The shared job runner: one round at a time, counted in /metrics like the other jobs.
  return startRepeating(
    'outbox',
    async () => {
      const { sent, failed } = await deliverOutbox(db, transport, from, log);
      mailsDelivered.inc({ result: 'sent' }, sent);
      mailsDelivered.inc({ result: 'failed' }, failed);
      if (sent || failed) log.info(`Outbox delivery: ${sent} e-mails sent, ${failed} failed`);
    },
    { error: (error) => log.error(null, error) },
    ROUND_MS,
  );
}
