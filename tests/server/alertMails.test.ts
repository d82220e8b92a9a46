// The e-mails of revenue alerts (issue 23): opt-in per user and publisher, new alerts e-mailed once after the daily
// job, the weekly summary (at once when turned on, then each week, once) as a CSV attachment or a signed download,
// unsubscribe links that work without signing in and only for what they name, SMTP delivery through nodemailer
// with the attachment and the List-Unsubscribe header, no token in the log, and who may change the settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { createTestApp, mailbox as mailboxAddress, type TestApp } from '../support/serverHarness';
import { expectAccessMatrix } from '../support/accessMatrix';
import { insertZone } from '../support/zoneFixtures';
import { daysFrom, insertSteadyRows, isoDay, runJob } from '../support/alerts';
import { DEMO } from '../../server/src/db/seed/demo';
import { deliverOutbox, type MailTransport } from '../../server/src/mail/delivery';
import { lastWholeWeek } from '../../server/src/mail/alertMails';
import { mailSigner } from '../../server/src/mail/mailTokens';
import { sendMail } from '../../server/src/mail/outbox';
import type { components } from '../../openapi/portal';

type Settings = components['schemas']['NotificationSettings'];
type Message = components['schemas']['MailboxMessage'];

const P = DEMO.publishers;
const ATLAS = P.atlasNews;
const MULTI = 'multi@publisher.example';
const NOW = new Date();
const YESTERDAY = isoDay(daysFrom(NOW, -1));

const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logs.push(line) } });
});
afterAll(() => t.close());

const put = (publisherId: number, as: 'multi' | 'staff' | 'solo', payload: Partial<Omit<Settings, 'publisherId' | 'email' | 'lastSummaryWeek'>>) =>
  t.call({
    method: 'PUT',
    url: `/external/publishers/${publisherId}/notification-settings`,
    as,
    payload: { thresholdPercent: 30, alertEmails: false, weeklySummary: 'OFF', language: 'en', ...payload },
  });
const settingsOf = async (publisherId: number, as: 'multi' | 'staff' = 'multi') =>
  (await t.call({ method: 'GET', url: `/external/publishers/${publisherId}/notification-settings`, as })).json() as Settings;
/** The outbox of one address, newest first, as the development mailbox lists it. */
const mailbox = (to: string) =>
  t.db.query<Message>(
    `SELECT id, to_email AS "to", subject, body_text AS text, link, attachments, created_at AS "createdAt" FROM outbox WHERE to_email = $1 ORDER BY id DESC`,
    [to],
  );
const linkIn = (text: string, path: string) => new RegExp(`(http\\S*${path}\\?token=[\\w.-]+)`).exec(text)?.[1] ?? '';
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const unsubscribe = (token: string) => t.call({ method: 'POST', url: '/mail/unsubscribe', payload: { token }, as: null });

describe('alert e-mails', () => {
  let zoneId: number;
  beforeAll(async () => {
    // A small zone of Atlas News whose figures fell by 60 % yesterday: new alerts of that zone only.
    zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Alert desk' });
    await insertSteadyRows(t.db, { publisherId: ATLAS, zoneId, revenue: 50, impressions: 20_000, through: YESTERDAY, changeFrom: YESTERDAY, after: 0.4 });
  });

  it('are off until the user turns them on; then the new alerts go out once, with what they found and how to stop them', async () => {
    expect(await settingsOf(ATLAS)).toEqual({
      publisherId: ATLAS,
      thresholdPercent: 30,
      alertEmails: false,
      adsTxtEmails: false,
      weeklySummary: 'OFF',
      language: 'en',
      email: MULTI,
      lastSummaryWeek: null,
    });
    const saved = await put(ATLAS, 'multi', { alertEmails: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await mailbox(MULTI)).toEqual([]);

    const run = await runJob(t.db, t.config, NOW);
    expect(run).toMatchObject({ ran: true, alertEmails: 1, weeklySummaries: 0 });
    const [mail, ...others] = await mailbox(MULTI);
    expect(others).toEqual([]);
    // The demo's alerts were raised before the e-mails were turned on: only the zone's new ones.
    expect(mail!.subject).toBe('Revenue alerts for Atlas News: 2 new');
    expect(mail!.text).toContain('Revenue of zone "Alert desk": down 60.0% from');
    expect(mail!.text).toContain('Impressions of zone "Alert desk": down 60.0% from');
    expect(mail!.text).toContain('No change in the account preceded it');
    expect(mail!.text).toContain(`${t.config.publicUrl}/alerts`);
    const stop = linkIn(mail!.text, '/unsubscribe');
    expect(stop).toMatch(new RegExp(`^${t.config.publicUrl}/unsubscribe\\?token=`));
    const stored = await t.db.one<{ headers: Record<string, string> }>('SELECT headers FROM outbox WHERE id = $1', [mail!.id]);
    expect(stored!.headers).toEqual({ 'List-Unsubscribe': `<${stop}>` });

    expect(await runJob(t.db, t.config, daysFrom(NOW, 1))).toMatchObject({ ran: true, alertEmails: 0 });
    expect(await mailbox(MULTI)).toHaveLength(1);
  });

  it('stop through the link without signing in, for that user, publisher and list only', async () => {
    await put(ATLAS, 'multi', { alertEmails: true, weeklySummary: 'LINK' });
    const alertsMail = (await mailbox(MULTI)).find((mail) => mail.subject.startsWith('Revenue alerts'))!;
    const token = tokenOf(linkIn(alertsMail.text, '/unsubscribe'));
    // A preview names the list, the publisher, the address and the e-mails' language, and stops nothing (issue 30).
    const preview = await t.call({ method: 'POST', url: '/mail/unsubscribe', payload: { token, preview: true }, as: null });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ list: 'ALERT_EMAILS', publisherName: 'Atlas News', email: MULTI, language: 'en' });
    expect(await settingsOf(ATLAS)).toMatchObject({ alertEmails: true, weeklySummary: 'LINK' });
    await t.db.query("UPDATE notification_settings SET language = 'es' WHERE publisher_id = $1", [ATLAS]);
    const res = await unsubscribe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ list: 'ALERT_EMAILS', publisherName: 'Atlas News', email: MULTI, language: 'es' });
    expect(await settingsOf(ATLAS)).toMatchObject({ alertEmails: false, weeklySummary: 'LINK' });
    expect((await unsubscribe(token)).statusCode).toBe(200);
  });
});

describe('the weekly summary', () => {
  const week = lastWholeWeek(NOW);

  it('goes out at once when turned on, as a CSV attachment of the figures per zone, and names the week', async () => {
    await put(ATLAS, 'multi', { weeklySummary: 'OFF' });
    const before = (await mailbox(MULTI)).length;
    const saved = await put(ATLAS, 'multi', { weeklySummary: 'ATTACHMENT' });
    expect(saved.json()).toMatchObject({ weeklySummary: 'ATTACHMENT', lastSummaryWeek: week });
    const mails = await mailbox(MULTI);
    expect(mails).toHaveLength(before + 1);
    const summary = mails[0]!;
    expect(summary.subject).toMatch(/^Weekly summary of Atlas News: /);
    expect(summary.text).toMatch(/Revenue: \$[\d,.]+ \(week before: \$[\d,.]+, [+-]?[\d.]+%\)/);
    expect(summary.text).toContain('The figures per zone are attached (CSV).');
    expect(summary.text).toContain('Stop the weekly summary: ');
    // The attachment as the development mailbox lists it.
    const listed = (await t.call({ method: 'GET', url: mailboxAddress(t, '/dev/mailbox/messages', { to: MULTI }) })).json() as Message[];
    expect(listed[0]!.attachments).toEqual(summary.attachments);
    expect(summary.attachments).toHaveLength(1);
    const [file] = summary.attachments;
    expect(file).toMatchObject({ filename: `weekly-summary-${ATLAS}-${week}.csv`, contentType: 'text/csv; charset=utf-8' });
    const lines = file!.content.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Zone ID,Zone,Revenue,Revenue (week before),Impressions,Impressions (week before),RPM,RPM (week before)');
    expect(lines[1]).toMatch(/^,All zones,[\d.]+,[\d.]+,\d+,\d+,[\d.]+,[\d.]+$/);
    expect(lines.slice(2).some((line) => line.startsWith(`${DEMO.zones.atlas},`))).toBe(true);
  });

  it('goes out each Monday for the week before, once, however often the job runs', async () => {
    const nextMonday = new Date(`${week}T08:00:00Z`).getTime() + 14 * 86_400_000;
    const count = async () => (await mailbox(MULTI)).filter((mail) => mail.subject.startsWith('Weekly summary')).length;
    const sent = await count();
    expect(await runJob(t.db, t.config, new Date(nextMonday))).toMatchObject({ ran: true, weeklySummaries: 1 });
    expect(await runJob(t.db, t.config, new Date(nextMonday + 2 * 86_400_000))).toMatchObject({ ran: true, weeklySummaries: 0 });
    expect(await count()).toBe(sent + 1);
    expect((await settingsOf(ATLAS)).lastSummaryWeek).toBe(isoDay(new Date(nextMonday - 7 * 86_400_000)));
  });

  it('can come as a signed link to its CSV instead, in the language chosen, good for that file only', async () => {
    const saved = await put(P.sakuraPress, 'multi', { weeklySummary: 'LINK', language: 'ja' });
    expect(saved.statusCode, saved.body).toBe(200);
    const mail = (await mailbox(MULTI))[0]!;
    expect(mail.subject).toMatch(/^Sakura Pressの週次サマリー：/);
    expect(mail.attachments).toEqual([]);
    const download = linkIn(mail.text, '/mail/weekly-summary');
    expect(mail.link).toBe(download);
    const csv = await t.call({ method: 'GET', url: download.replace(t.config.publicUrl, ''), as: null });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="weekly-summary-${P.sakuraPress}-${week}.csv"`);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('ゾーンID,ゾーン,収益,収益（前の週）,インプレッション,インプレッション（前の週）,RPM,RPM（前の週）');

    const token = tokenOf(download);
    const edited = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const answer = async (url: string) => {
      const res = await t.call({ method: 'GET', url, as: null });
      return [res.statusCode, (res.json() as { code: string }).code];
    };
    expect(await answer(`/mail/weekly-summary?token=${edited}`)).toEqual([404, 'LINK_INVALID']);
    const stop = tokenOf(linkIn(mail.text, '/unsubscribe'));
    expect(await answer(`/mail/weekly-summary?token=${stop}`)).toEqual([404, 'LINK_INVALID']);
    const signer = await mailSigner(t.db);
    const old = signer.sign({ purpose: 'weekly-summary', userId: DEMO.users.multi, publisherId: P.sakuraPress, week }, daysFrom(NOW, -31));
    expect(await answer(`/mail/weekly-summary?token=${old}`)).toEqual([410, 'LINK_EXPIRED']);
    // Someone who no longer acts for the publisher cannot download its figures.
    const solo = signer.sign({ purpose: 'weekly-summary', userId: DEMO.users.solo, publisherId: P.sakuraPress, week });
    expect(await answer(`/mail/weekly-summary?token=${solo}`)).toEqual([404, 'LINK_INVALID']);

    expect((await unsubscribe(token)).statusCode).toBe(404);
    const stopped = await unsubscribe(stop);
    expect(stopped.json()).toEqual({ list: 'WEEKLY_SUMMARY', publisherName: 'Sakura Press', email: MULTI, language: 'ja' });
    expect((await settingsOf(P.sakuraPress)).weeklySummary).toBe('OFF');
  });
});

describe('unsubscribe links', () => {
  it('refuse a forged or edited token as invalid, and an expired one as expired', async () => {
    const signer = await mailSigner(t.db);
    const token = signer.sign({ purpose: 'unsubscribe', userId: DEMO.users.multi, publisherId: ATLAS, list: 'WEEKLY_SUMMARY' });
    const [body, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ purpose: 'unsubscribe', userId: DEMO.users.solo, publisherId: ATLAS, list: 'WEEKLY_SUMMARY', exp: 4e9 })).toString('base64url')}.${mac}`;
    for (const bad of [forged, `${body}.${mac!.slice(0, -2)}AA`, `${body}x.${mac}`]) {
      const res = await unsubscribe(bad);
      expect([res.statusCode, (res.json() as { code: string }).code], bad).toEqual([404, 'LINK_INVALID']);
    }
    const expired = signer.sign({ purpose: 'unsubscribe', userId: DEMO.users.multi, publisherId: ATLAS, list: 'WEEKLY_SUMMARY' }, daysFrom(NOW, -366));
    const res = await unsubscribe(expired);
    expect([res.statusCode, (res.json() as { code: string }).code]).toEqual([410, 'LINK_EXPIRED']);
    expect((await unsubscribe('not-a-token')).statusCode).toBe(400);
  });
});

describe('delivery through SMTP', () => {
  it('sends the waiting e-mails once through nodemailer, with the attachment and the List-Unsubscribe header', async () => {
    const messages: string[] = [];
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const transport: MailTransport = {
      async sendMail(message) {
        const info = (await stream.sendMail(message)) as unknown as { message: Buffer };
        // Long header lines are folded: unfolded here to read them whole.
        messages.push(info.message.toString('utf8').replace(/\n[ \t]+/g, ' '));
      },
    };
    const errors: unknown[] = [];
    const first = await deliverOutbox(t.db, transport, 'Publisher portal <no-reply@adnetwork.example>', { error: (id, error) => void errors.push([id, error]) });
    const waiting = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))!.n;
    expect(first).toEqual({ sent: waiting, failed: 0 });
    const summary = messages.find((message) => message.includes(`weekly-summary-${ATLAS}-`))!;
    expect(summary).toMatch(/^From: Publisher portal <no-reply@adnetwork\.example>$/m);
    expect(summary).toMatch(new RegExp(`^To: ${MULTI}$`, 'm'));
    expect(summary).toMatch(/^List-Unsubscribe: <http:\/\/\S+\/unsubscribe\?token=[\w.-]+>$/m);
    expect(summary).toMatch(/^Content-Disposition: attachment;\s+filename=weekly-summary-\d+-\d{4}-\d{2}-\d{2}\.csv$/m);
    expect(await deliverOutbox(t.db, transport, 'x@example.com', { error: () => undefined })).toEqual({ sent: 0, failed: 0 });
    expect(errors).toEqual([]);
  });

  it('keeps an e-mail whose sending failed for a later round, up to five tries', async () => {
    await sendMail(t.db, { info: () => undefined }, t.config, { to: 'solo@publisher.example', subject: 'Try again', text: 'x' });
    const failing: MailTransport = { sendMail: () => Promise.reject(Object.assign(new Error('421 try later'), { code: 'EENVELOPE' })) };
    const failed: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const { sent } = await deliverOutbox(t.db, failing, 'x@example.com', { error: (id) => void failed.push(id) });
      expect(sent).toBe(0);
    }
    expect(failed).toHaveLength(5);
    const row = await t.db.one<{ attempts: number; sent_at: string | null }>("SELECT attempts, sent_at FROM outbox WHERE subject = 'Try again'");
    expect(row).toEqual({ attempts: 5, sent_at: null });
  });
});

describe('the settings', () => {
  it('belong to members of the publisher and staff; another publisher answers like a missing one', async () => {
    const targets = { solo: P.soloMedia, multi: ATLAS, nobody: DEMO.firstOtherPublisher + 2, missing: 99_999 };
    await expectAccessMatrix(t, targets, (publisherId) => ({ method: 'GET', url: `/external/publishers/${publisherId}/notification-settings` }), 200);
    await expectAccessMatrix(
      t,
      targets,
      (publisherId) => ({ method: 'PUT', url: `/external/publishers/${publisherId}/notification-settings`, payload: { thresholdPercent: 40, alertEmails: false, weeklySummary: 'OFF', language: 'fr' } }),
      200,
    );
    // A legacy just-premium publisher gets alerts too, so its users keep settings.
    expect((await put(P.premiumClassic, 'multi', { thresholdPercent: 50 })).json()).toMatchObject({ thresholdPercent: 50 });
  });

  it('take thresholds from 20 to 90 %', async () => {
    for (const thresholdPercent of [19, 91, 30.5]) {
      const res = await put(ATLAS, 'multi', { thresholdPercent });
      expect(res.statusCode, String(thresholdPercent)).toBe(400);
    }
  });
});

describe('the log', () => {
  it('never shows a link token, whether the link was e-mailed, followed or used to unsubscribe', async () => {
    const texts = (await t.db.query<{ text: string }>('SELECT body_text AS text FROM outbox')).map((row) => row.text);
    const tokens = texts.flatMap((text) => [...text.matchAll(/token=([\w.-]+)/g)].map((match) => match[1]!));
    expect(tokens.length).toBeGreaterThan(3);
    const log = logs.join('');
    expect(log).toContain('e-mail queued in the outbox');
    for (const token of tokens) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.split('.')[0]!);
    }
  });
});
