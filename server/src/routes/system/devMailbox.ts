// Development mailbox: the reference server sends no e-mail; /dev/mailbox shows the outbox (the JSON listing is
// the contract's listMailboxMessages; this is its HTML view). It holds every reset link and temporary password,
// so it answers only a caller who holds its key (config.devMailboxKey: random at each start and printed once on
// the server's console with the mailbox's address, a capability link), whatever sits in front of the server: a
// proxy on this machine that rewrites Host and adds no forwarding header makes every client look like this
// machine. And, as before, only the developer's own machine: a loopback peer, asking for a loopback Host (a
// DNS-rebinding page names its own host), with no forwarding header. Everyone else gets the 404 of a missing page.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config';
import type { AppServices } from '../../http/handlers';
import { isLoopbackAddress, isLoopbackHost } from '../../http/loopback';

const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/** Whether `given` is the mailbox's key, in constant time (digests of equal length compared). */
export function isMailboxKey(config: ServerConfig, given: unknown): boolean {
  if (!config.devMailboxKey || typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(config.devMailboxKey), digest(given));
}

export function servesMailbox(config: ServerConfig, request: FastifyRequest): boolean {
  return (
    config.devMailbox &&
    isMailboxKey(config, (request.query as { key?: unknown } | undefined)?.key) &&
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackHost(request.headers.host) &&
    !PROXY_HEADERS.some((name) => request.headers[name] !== undefined)
  );
}

/** The mailbox's address with its key, as the server prints it at start (main.ts). */
export const mailboxUrl = (config: ServerConfig, base: string) => `${base}/dev/mailbox?key=${config.devMailboxKey ?? ''}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function registerDevRoutes(app: FastifyInstance, { db, config }: AppServices): void {
  app.get('/dev/mailbox', async (request, reply) => {
    if (!servesMailbox(config, request)) return reply.callNotFound();
    const messages = await db.query<{
      to_email: string;
      subject: string;
      body_text: string;
      link: string | null;
      attachments: { filename: string; content: string }[];
      created_at: string;
    }>('SELECT to_email, subject, body_text, link, attachments, created_at FROM outbox ORDER BY id DESC LIMIT 100');
    const attachment = (file: { filename: string; content: string }) =>
      `<details><summary>Attachment: ${escapeHtml(file.filename)}</summary><pre>${escapeHtml(file.content)}</pre></details>`;
    const items = messages
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to_email)} · ${escapeHtml(m.created_at)}</p>
<pre>${escapeHtml(m.body_text)}</pre>${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}${m.attachments.map(attachment).join('')}</article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      // Following a reset link from here must not hand the mailbox's address, key included, to the page it opens.
      .header('referrer-policy', 'no-referrer')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font:14px system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ccc;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style>
</head><body><h1>Development mailbox</h1><p>E-mails the reference server would have sent (shown only at the address with the key the server printed when it started, to this machine, never in production mode).</p>
${items || '<p>No messages.</p>'}</body></html>`);
  });
}
