// The team's e-mails (issue 30): the invitation and the second factor turned off by staff, in the recipient's
// language as the alert e-mails are (alertTexts.ts). The recipient's language is the one their alert settings name
// (any publisher, the latest), else, for an invitation to someone the portal does not know, the inviter's console
// language (the portal_lang cookie the console sets), else English.
import type { Queryable } from '../db/db';
import type { Role } from '../../../src/lib/roles';
import { fill, mailLanguage, type MailLanguage } from './alertTexts';

interface TeamMailText {
  roles: Record<Role, string>;
  invitation: { subject: string; lines: string[] };
  twoFactorReset: { subject: string; lines: string[] };
}

const en: TeamMailText = {
  roles: { ADMIN: 'Admin', EDITOR: 'Editor', VIEWER: 'Viewer', FINANCE: 'Finance' },
  invitation: {
    subject: 'You are invited to %{publisher} on the publisher portal',
    lines: [
      'Hello,',
      '',
      '%{inviter} invites you to the team of %{publisher} on the publisher portal, as %{role}.',
      '',
      'Accept the invitation here: %{link}',
      '',
      'The link works once, for this e-mail address only, and expires in %{days} days.',
      'If you did not expect this, ignore this e-mail.',
    ],
  },
  twoFactorReset: {
    subject: 'Two-factor sign-in was turned off for your publisher portal account',
    lines: [
      'Hello %{name},',
      '',
      'Network staff turned off two-factor sign-in for your publisher portal account, as you asked.',
      'Your password is unchanged. Turn two-factor sign-in on again in Account settings > Security.',
      '',
      'If you did not ask for this, write to %{support} at once.',
    ],
  },
};

const ja: TeamMailText = {
  roles: { ADMIN: '管理者', EDITOR: '編集者', VIEWER: '閲覧者', FINANCE: '経理' },
  invitation: {
    subject: 'パブリッシャーポータルの %{publisher} に招待されました',
    lines: [
      'こんにちは。',
      '',
      '%{inviter} さんが、パブリッシャーポータルの %{publisher} のチームに %{role} としてあなたを招待しています。',
      '',
      '招待を受けるにはこちら：%{link}',
      '',
      'このリンクは一度だけ、このメールアドレスでのみ使え、%{days} 日後に期限が切れます。',
      'お心当たりがない場合は、このメールを無視してください。',
    ],
  },
  twoFactorReset: {
    subject: 'パブリッシャーポータルのアカウントの2段階認証がオフになりました',
    lines: [
      '%{name} 様',
      '',
      'ご依頼により、ネットワークスタッフがあなたのパブリッシャーポータルのアカウントの2段階認証をオフにしました。',
      'パスワードは変わっていません。「アカウント設定 > セキュリティ」で2段階認証を再び有効にしてください。',
      '',
      'ご依頼されていない場合は、すぐに %{support} までご連絡ください。',
    ],
  },
};

const es: TeamMailText = {
  roles: { ADMIN: 'Administrador', EDITOR: 'Editor', VIEWER: 'Lector', FINANCE: 'Finanzas' },
  invitation: {
    subject: 'Le invitan a %{publisher} en el portal de editores',
    lines: [
      'Hola:',
      '',
      '%{inviter} le invita al equipo de %{publisher} en el portal de editores, como %{role}.',
      '',
      'Acepte la invitación aquí: %{link}',
      '',
      'El enlace funciona una vez, solo para esta dirección de correo, y caduca en %{days} días.',
      'Si no esperaba este correo, ignórelo.',
    ],
  },
  twoFactorReset: {
    subject: 'Se ha desactivado el inicio de sesión en dos pasos de su cuenta del portal de editores',
    lines: [
      'Hola, %{name}:',
      '',
      'El personal de la red ha desactivado el inicio de sesión en dos pasos de su cuenta del portal de editores, como pidió.',
      'Su contraseña no ha cambiado. Vuelva a activarlo en Ajustes de la cuenta > Seguridad.',
      '',
      'Si no lo pidió, escriba de inmediato a %{support}.',
    ],
  },
};

const fr: TeamMailText = {
  roles: { ADMIN: 'Administrateur', EDITOR: 'Éditeur', VIEWER: 'Lecteur', FINANCE: 'Finance' },
  invitation: {
    subject: 'Vous êtes invité chez %{publisher} sur le portail éditeurs',
    lines: [
      'Bonjour,',
      '',
      '%{inviter} vous invite dans l’équipe de %{publisher} sur le portail éditeurs, en tant que %{role}.',
      '',
      'Acceptez l’invitation ici : %{link}',
      '',
      'Le lien fonctionne une fois, pour cette adresse e-mail seulement, et expire dans %{days} jours.',
      'Si vous n’attendiez pas ce message, ignorez-le.',
    ],
  },
  twoFactorReset: {
    subject: 'La connexion en deux étapes de votre compte du portail éditeurs a été désactivée',
    lines: [
      'Bonjour %{name},',
      '',
      'Le personnel du réseau a désactivé la connexion en deux étapes de votre compte du portail éditeurs, comme vous l’avez demandé.',
      'Votre mot de passe est inchangé. Réactivez-la dans Paramètres du compte > Sécurité.',
      '',
      'Si vous ne l’avez pas demandé, écrivez immédiatement à %{support}.',
    ],
  },
};

export const TEAM_MAIL_TEXT: Record<MailLanguage, TeamMailText> = { en, ja, es, fr };

/** Subject and text of one of the team's e-mails in `language`, its values filled in. */
export function teamMail(language: MailLanguage, kind: 'invitation' | 'twoFactorReset', values: Record<string, string | number>): { subject: string; text: string } {
  const text = TEAM_MAIL_TEXT[language][kind];
  return { subject: fill(text.subject, values), text: text.lines.map((line) => fill(line, values)).join('\n') };
}

/** The console's language in a request's cookies (the console sets portal_lang), if one of the mails' languages. */
export function cookieLanguage(cookieHeader: string | undefined): MailLanguage | null {
  const value = /(?:^|;\s*)portal_lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '')?.[1];
  return value && mailLanguage(value) === value ? (value as MailLanguage) : null;
}

/** The language the recipient reads the alert e-mails in (their latest alert settings), or null for none. */
export async function recipientLanguage(db: Queryable, email: string): Promise<MailLanguage | null> {
  const row = await db.one<{ language: string }>(
    `SELECT s.language FROM notification_settings s JOIN users u ON u.id = s.user_id
      WHERE lower(u.email) = lower($1) ORDER BY s.updated_at DESC LIMIT 1`,
    [email],
  );
  return row ? mailLanguage(row.language) : null;
}
