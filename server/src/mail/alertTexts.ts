// The texts of the alert e-mails and the weekly summary (issue 23) in the console's four languages: the language
// a user saved with their notification settings (the console's own at the time). `%{name}` placeholders are
// filled by fill(); amounts and dates are formatted for the language by the Intl formats below.

import type { Catalog } from '../../../src/lib/catalog';

export const MAIL_LANGUAGES = ['en', 'ja', 'es', 'fr'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const en = {
  hello: 'Hello %{name},',
  metric: { REVENUE: 'Revenue', IMPRESSIONS: 'Impressions', RPM: 'RPM' },
  wholePublisher: 'the whole publisher',
  zone: 'zone "%{zone}"',
  alertLine: '%{metric} of %{scope}: down %{percent} from %{day} (%{value} against a usual %{baseline})',
  effect: {
    BLOCK: 'a block',
    PRODUCT_REMOVED: 'a product removed',
    ZONE_DISABLED: 'a zone disabled',
    SLOTS_REMOVED: 'slots removed',
    ADS_TXT_LINES_LOST: 'ads.txt lines lost',
  },
  likelyCauseAdsTxt: 'Likely cause: %{effect} on %{domain} on %{day}, %{amount} at stake over 30 days.',
  likelyCause: 'Likely cause: %{effect} by %{author} on %{day}, %{amount} at stake over 30 days.',
  noCause: 'No change in the account preceded it: the cause is likely outside it (seasonality, demand).',
  alerts: {
    subject: 'Revenue alerts for %{publisher}: %{count} new',
    intro: 'The portal found new drops in the figures of %{publisher}:',
    open: 'See their explanations, and undo a change, in the portal (working as %{publisher}): %{url}',
    why: 'You receive this because you turned on alert e-mails for %{publisher}.',
    stop: 'Stop these e-mails: %{url}',
  },
  adsTxt: {
    subjectOne: 'ads.txt alert for %{publisher}: %{domain} is no longer authorised',
    subject: 'ads.txt alerts for %{publisher}: %{count} sites no longer authorised',
    intro: 'The ads.txt monitor found sites of %{publisher} that buyers may no longer treat as authorised:',
    site: '%{file} of %{domain}: %{status} since %{day}. Lines to add back:',
    more: '… and %{count} more',
    status: {
      AUTHORISED: 'all authorised',
      MISSING_LINES: 'missing lines',
      WRONG_LINES: 'wrong lines',
      NO_FILE: 'no file',
      NOT_TEXT: 'not a text file',
      UNREACHABLE: 'unreachable',
      NOT_CRAWLED: 'not crawled yet',
    },
    open: 'See the file and the exact lines to add in the portal (working as %{publisher}): %{url}',
    why: 'You receive this because you turned on ads.txt alert e-mails for %{publisher}.',
    stop: 'Stop these e-mails: %{url}',
  },
  summary: {
    subject: 'Weekly summary of %{publisher}: %{from} – %{to}',
    intro: '%{publisher}, the week of %{from} to %{to} (UTC), against the week before:',
    figure: '%{metric}: %{value} (week before: %{previous}, %{change})',
    noChange: 'no change',
    noPrevious: 'nothing the week before',
    alerts: 'Alerts this week: %{count}',
    attached: 'The figures per zone are attached (CSV).',
    link: 'Download the figures per zone (CSV; the link works for 30 days): %{url}',
    why: 'You receive this because you turned on the weekly summary of %{publisher}.',
    stop: 'Stop the weekly summary: %{url}',
  },
  csv: {
    zoneId: 'Zone ID',
    zone: 'Zone',
    allZones: 'All zones',
    revenue: 'Revenue',
    impressions: 'Impressions',
    rpm: 'RPM',
    previous: '%{column} (week before)',
  },
};

export type AlertMailText = Catalog<typeof en>;

const ja: AlertMailText = {
  hello: '%{name} 様',
  metric: { REVENUE: '収益', IMPRESSIONS: 'インプレッション', RPM: 'RPM' },
  wholePublisher: 'パブリッシャー全体',
  zone: 'ゾーン「%{zone}」',
  alertLine: '%{scope}の%{metric}：%{day}から%{percent}減少（通常%{baseline}のところ%{value}）',
  effect: {
    BLOCK: 'ブロック',
    PRODUCT_REMOVED: '商品の削除',
    ZONE_DISABLED: 'ゾーンの無効化',
    SLOTS_REMOVED: 'スロットの削除',
    ADS_TXT_LINES_LOST: 'ads.txtの行の欠落',
  },
  likelyCauseAdsTxt: '考えられる原因：%{day}に%{domain}で見つかった%{effect}（30日間で%{amount}に影響）。',
  likelyCause: '考えられる原因：%{day}に%{author}が行った%{effect}（30日間で%{amount}に影響）。',
  noCause: 'この減少の前にアカウントの変更はありません。原因はアカウント外（季節要因、需要など）と考えられます。',
  alerts: {
    subject: '%{publisher}の収益アラート：新着%{count}件',
    intro: '%{publisher}の数値に新たな減少が見つかりました：',
    open: 'ポータルで説明を確認し、変更を元に戻せます（%{publisher}として作業）：%{url}',
    why: '%{publisher}のアラートメールを有効にしているため、このメールをお送りしています。',
    stop: 'このメールの配信を停止する：%{url}',
  },
  adsTxt: {
    subjectOne: '%{publisher}のads.txtアラート：%{domain}が認定されなくなりました',
    subject: '%{publisher}のads.txtアラート：%{count}件のサイトが認定されなくなりました',
    intro: 'ads.txtモニターが、バイヤーに認定済みと見なされなくなった可能性のある%{publisher}のサイトを見つけました：',
    site: '%{domain}の%{file}：%{day}から%{status}。追加し直す行：',
    more: '…ほか%{count}行',
    status: {
      AUTHORISED: 'すべて認定済み',
      MISSING_LINES: '行の不足',
      WRONG_LINES: '誤った行',
      NO_FILE: 'ファイルなし',
      NOT_TEXT: 'テキストファイルではない',
      UNREACHABLE: 'アクセス不可',
      NOT_CRAWLED: '未クロール',
    },
    open: 'ポータルでファイルと追加すべき行を確認できます（%{publisher}として作業）：%{url}',
    why: '%{publisher}のads.txtアラートメールを有効にしているため、このメールをお送りしています。',
    stop: 'このメールの配信を停止する：%{url}',
  },
  summary: {
    subject: '%{publisher}の週次サマリー：%{from}～%{to}',
    intro: '%{publisher}、%{from}～%{to}（UTC）の週と前の週の比較：',
    figure: '%{metric}：%{value}（前の週：%{previous}、%{change}）',
    noChange: '変化なし',
    noPrevious: '前の週の数値なし',
    alerts: '今週のアラート：%{count}件',
    attached: 'ゾーン別の数値を添付しています（CSV）。',
    link: 'ゾーン別の数値をダウンロード（CSV、リンクの有効期間は30日）：%{url}',
    why: '%{publisher}の週次サマリーを有効にしているため、このメールをお送りしています。',
    stop: '週次サマリーの配信を停止する：%{url}',
  },
  csv: {
    zoneId: 'ゾーンID',
    zone: 'ゾーン',
    allZones: 'すべてのゾーン',
    revenue: '収益',
    impressions: 'インプレッション',
    rpm: 'RPM',
    previous: '%{column}（前の週）',
  },
};

const es: AlertMailText = {
  hello: 'Hola, %{name}:',
  metric: { REVENUE: 'Ingresos', IMPRESSIONS: 'Impresiones', RPM: 'RPM' },
  wholePublisher: 'todo el editor',
  zone: 'la zona «%{zone}»',
  // 'Un x % menos' agrees with any metric: 'RPM ... bajan' did not (issue 30).
  alertLine: '%{metric} de %{scope}: un %{percent} menos desde el %{day} (%{value} frente a los %{baseline} habituales)',
  effect: {
    BLOCK: 'un bloqueo',
    PRODUCT_REMOVED: 'un producto retirado',
    ZONE_DISABLED: 'una zona desactivada',
    SLOTS_REMOVED: 'slots retirados',
    ADS_TXT_LINES_LOST: 'líneas de ads.txt perdidas',
  },
  likelyCauseAdsTxt: 'Causa probable: %{effect} en %{domain} el %{day}, con %{amount} en juego en 30 días.',
  likelyCause: 'Causa probable: %{effect} de %{author} el %{day}, con %{amount} en juego en 30 días.',
  noCause: 'Ningún cambio en la cuenta la precedió: la causa probablemente está fuera de ella (estacionalidad, demanda).',
  alerts: {
    subject: 'Alertas de ingresos de %{publisher}: %{count} nuevas',
    intro: 'El portal ha encontrado nuevas bajadas en las cifras de %{publisher}:',
    open: 'Vea sus explicaciones, y deshaga un cambio, en el portal (trabajando como %{publisher}): %{url}',
    why: 'Recibe este correo porque activó los correos de alertas de %{publisher}.',
    stop: 'Dejar de recibir estos correos: %{url}',
  },
  adsTxt: {
    subjectOne: 'Alerta de ads.txt de %{publisher}: %{domain} ya no está autorizado',
    subject: 'Alertas de ads.txt de %{publisher}: %{count} sitios ya no están autorizados',
    intro: 'El monitor de ads.txt ha encontrado sitios de %{publisher} que los compradores quizá ya no consideren autorizados:',
    site: '%{file} de %{domain}: %{status} desde el %{day}. Líneas que volver a añadir:',
    more: '… y %{count} más',
    status: {
      AUTHORISED: 'todo autorizado',
      MISSING_LINES: 'faltan líneas',
      WRONG_LINES: 'líneas incorrectas',
      NO_FILE: 'sin archivo',
      NOT_TEXT: 'no es un archivo de texto',
      UNREACHABLE: 'inaccesible',
      NOT_CRAWLED: 'aún no rastreado',
    },
    open: 'Vea el archivo y las líneas exactas que añadir en el portal (trabajando como %{publisher}): %{url}',
    why: 'Recibe este correo porque activó los correos de alertas de ads.txt de %{publisher}.',
    stop: 'Dejar de recibir estos correos: %{url}',
  },
  summary: {
    subject: 'Resumen semanal de %{publisher}: %{from} – %{to}',
    intro: '%{publisher}, la semana del %{from} al %{to} (UTC), frente a la semana anterior:',
    figure: '%{metric}: %{value} (semana anterior: %{previous}, %{change})',
    noChange: 'sin cambios',
    noPrevious: 'nada la semana anterior',
    alerts: 'Alertas de esta semana: %{count}',
    attached: 'Las cifras por zona van adjuntas (CSV).',
    link: 'Descargue las cifras por zona (CSV; el enlace funciona 30 días): %{url}',
    why: 'Recibe este correo porque activó el resumen semanal de %{publisher}.',
    stop: 'Dejar de recibir el resumen semanal: %{url}',
  },
  csv: {
    zoneId: 'ID de zona',
    zone: 'Zona',
    allZones: 'Todas las zonas',
    revenue: 'Ingresos',
    impressions: 'Impresiones',
    rpm: 'RPM',
    previous: '%{column} (semana anterior)',
  },
};

const fr: AlertMailText = {
  hello: 'Bonjour %{name},',
  metric: { REVENUE: 'Revenus', IMPRESSIONS: 'Impressions', RPM: 'RPM' },
  wholePublisher: 'tout l’éditeur',
  zone: 'la zone « %{zone} »',
  alertLine: '%{metric} de %{scope} : en baisse de %{percent} depuis le %{day} (%{value} pour %{baseline} habituellement)',
  effect: {
    BLOCK: 'un blocage',
    PRODUCT_REMOVED: 'un produit retiré',
    ZONE_DISABLED: 'une zone désactivée',
    SLOTS_REMOVED: 'des emplacements retirés',
    ADS_TXT_LINES_LOST: 'des lignes ads.txt perdues',
  },
  likelyCauseAdsTxt: 'Cause probable : %{effect} sur %{domain} le %{day}, %{amount} en jeu sur 30 jours.',
  likelyCause: 'Cause probable : %{effect} par %{author} le %{day}, %{amount} en jeu sur 30 jours.',
  noCause: 'Aucune modification du compte ne l’a précédée : la cause est sans doute extérieure (saisonnalité, demande).',
  alerts: {
    subject: 'Alertes de revenus pour %{publisher} : %{count} nouvelles',
    intro: 'Le portail a trouvé de nouvelles baisses dans les chiffres de %{publisher} :',
    open: 'Voyez leurs explications, et annulez une modification, dans le portail (en travaillant pour %{publisher}) : %{url}',
    why: 'Vous recevez ce message car vous avez activé les alertes par e-mail pour %{publisher}.',
    stop: 'Ne plus recevoir ces e-mails : %{url}',
  },
  adsTxt: {
    subjectOne: 'Alerte ads.txt pour %{publisher} : %{domain} n’est plus autorisé',
    subject: 'Alertes ads.txt pour %{publisher} : %{count} sites ne sont plus autorisés',
    intro: 'Le moniteur ads.txt a trouvé des sites de %{publisher} que les acheteurs pourraient ne plus considérer comme autorisés :',
    site: '%{file} de %{domain} : %{status} depuis le %{day}. Lignes à rajouter :',
    more: '… et %{count} de plus',
    status: {
      AUTHORISED: 'tout est autorisé',
      MISSING_LINES: 'lignes manquantes',
      WRONG_LINES: 'lignes incorrectes',
      NO_FILE: 'pas de fichier',
      NOT_TEXT: 'pas un fichier texte',
      UNREACHABLE: 'inaccessible',
      NOT_CRAWLED: 'pas encore vérifié',
    },
    open: 'Voyez le fichier et les lignes exactes à ajouter dans le portail (en travaillant pour %{publisher}) : %{url}',
    why: 'Vous recevez ce message car vous avez activé les alertes ads.txt par e-mail pour %{publisher}.',
    stop: 'Ne plus recevoir ces e-mails : %{url}',
  },
  summary: {
    subject: 'Résumé hebdomadaire de %{publisher} : %{from} – %{to}',
    intro: '%{publisher}, semaine du %{from} au %{to} (UTC), comparée à la semaine précédente :',
    figure: '%{metric} : %{value} (semaine précédente : %{previous}, %{change})',
    noChange: 'sans changement',
    noPrevious: 'rien la semaine précédente',
    alerts: 'Alertes de la semaine : %{count}',
    attached: 'Les chiffres par zone sont joints (CSV).',
    link: 'Téléchargez les chiffres par zone (CSV ; le lien fonctionne 30 jours) : %{url}',
    why: 'Vous recevez ce message car vous avez activé le résumé hebdomadaire de %{publisher}.',
    stop: 'Ne plus recevoir le résumé hebdomadaire : %{url}',
  },
  csv: {
    zoneId: 'ID de zone',
    zone: 'Zone',
    allZones: 'Toutes les zones',
    revenue: 'Revenus',
    impressions: 'Impressions',
    rpm: 'RPM',
    previous: '%{column} (semaine précédente)',
  },
};

export const ALERT_MAIL_TEXT: Record<MailLanguage, AlertMailText> = { en, ja, es, fr };

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/%\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

const LOCALES: Record<MailLanguage, string> = { en: 'en-US', ja: 'ja-JP', es: 'es-ES', fr: 'fr-FR' };

export interface MailFormats {
  money(amount: number, currency: string): string;
  count(value: number): string;
  percent(value: number): string;
  /** A signed change in percent, e.g. '+4.2%', '-12.0%'. */
  change(value: number): string;
  day(isoDay: string): string;
}

export function mailFormats(language: MailLanguage): MailFormats {
  const locale = LOCALES[language];
  const percent = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    money: (amount, currency) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount),
    count: (value) => count.format(value),
    percent: (value) => percent.format(value / 100),
    change: (value) => signed.format(value / 100),
    day: (isoDay) => day.format(new Date(`${isoDay}T00:00:00Z`)),
  };
}

export const mailLanguage = (value: string): MailLanguage => ((MAIL_LANGUAGES as readonly string[]).includes(value) ? (value as MailLanguage) : 'en');
