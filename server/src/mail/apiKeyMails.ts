// The e-mail to a publisher's admins when a member who made API keys leaves its team (issue 29): the keys keep
// working until an admin revokes them, so the admins are told which. In each admin's language as the alert e-mails
// are (the language saved with their notification settings for the publisher; English without).
import type { FastifyBaseLogger } from 'fastify';
import type { Catalog } from '../../../src/lib/catalog';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/db';
import { fill, mailFormats, mailLanguage, type MailLanguage } from './alertTexts';
import { sendMail } from './outbox';
import { paths } from '../../../src/routes';

const en = {
  subject: 'API keys of %{publisher} made by %{maker} still work',
  hello: 'Hello %{name},',
  body: '%{maker} (%{email}) is no longer on the team of %{publisher}. The API keys they made keep working until an admin revokes them:',
  key: '- %{key} (%{hint}…), %{scopes}, until %{expires}',
  action: 'Revoke those that should stop in Account settings > API keys: %{url}',
};

const TEXT: Record<MailLanguage, Catalog<typeof en>> = {
  en,
  ja: {
    subject: '%{maker}が作成した%{publisher}のAPIキーは引き続き有効です',
    hello: '%{name}様',
    body: '%{maker}（%{email}）は%{publisher}のチームから外れました。この方が作成したAPIキーは、管理者が無効にするまで使えます：',
    key: '- %{key}（%{hint}…）、%{scopes}、%{expires}まで',
    action: '止めるべきキーはアカウント設定 > APIキーで無効にしてください：%{url}',
  },
  es: {
    subject: 'Las claves de API de %{publisher} creadas por %{maker} siguen funcionando',
    hello: 'Hola, %{name}:',
    body: '%{maker} (%{email}) ya no forma parte del equipo de %{publisher}. Las claves de API que creó siguen funcionando hasta que un administrador las revoque:',
    key: '- %{key} (%{hint}…), %{scopes}, hasta el %{expires}',
    action: 'Revoque las que deban dejar de funcionar en Configuración de la cuenta > Claves de API: %{url}',
  },
  fr: {
    subject: 'Les clés d’API de %{publisher} créées par %{maker} fonctionnent toujours',
    hello: 'Bonjour %{name},',
    body: '%{maker} (%{email}) ne fait plus partie de l’équipe de %{publisher}. Les clés d’API créées par cette personne fonctionnent jusqu’à ce qu’un administrateur les révoque :',
    key: '- %{key} (%{hint}…), %{scopes}, jusqu’au %{expires}',
    action: 'Révoquez celles qui doivent cesser de fonctionner dans Paramètres du compte > Clés d’API : %{url}',
  },
};

interface Maker {
  id: number;
  name: string;
  email: string;
}

/**
 * After `maker` left the publisher's team, in the same transaction: one e-mail to each admin of the team if the maker
 * made keys that still work (none otherwise).
 */
export async function mailKeysOfLeaver(db: Queryable, log: Pick<FastifyBaseLogger, 'info'>, config: ServerConfig, publisherId: number, maker: Maker): Promise<number> {
  const keys = await db.query<{ name: string; hint: string; scopes: string[]; expires: string }>(
    `SELECT name, hint, scopes, to_char(expires_at, 'YYYY-MM-DD') AS expires FROM api_keys
      WHERE created_by = $1 AND publisher_id = $2 AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at, id`,
    [maker.id, publisherId],
  );
  if (keys.length === 0) return 0;
  const admins = await db.query<{ name: string; email: string; language: string | null; publisher: string }>(
    `SELECT u.name, u.email, ns.language, p.name AS publisher FROM user_publishers up
       JOIN users u ON u.id = up.user_id AND u.enabled JOIN publishers p ON p.id = up.publisher_id
       LEFT JOIN notification_settings ns ON ns.user_id = u.id AND ns.publisher_id = up.publisher_id
      WHERE up.publisher_id = $1 AND up.role = 'ADMIN' ORDER BY u.id`,
    [publisherId],
  );
  for (const admin of admins) {
    const language = mailLanguage(admin.language ?? 'en');
    const t = TEXT[language];
    const formats = mailFormats(language);
    const values = { publisher: admin.publisher, maker: maker.name, email: maker.email, name: admin.name, url: `${config.publicUrl}${paths.apiKeys}` };
    await sendMail(db, log, config, {
      to: admin.email,
      subject: fill(t.subject, values),
      text: [
        fill(t.hello, values),
        '',
        fill(t.body, values),
        ...keys.map((key) => fill(t.key, { key: key.name, hint: key.hint, scopes: key.scopes.join(', '), expires: formats.day(key.expires) })),
        '',
        fill(t.action, values),
      ].join('\n'),
    });
  }
  return admins.length;
}
