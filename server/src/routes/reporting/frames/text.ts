// The stand-in dashboards' texts and formats in the console's four languages (the page is told the console's
// language with `lang`). The two reporting messages are the spec's (section 8), as the console shows them.
import type { Currency } from '../../../../../src/lib/payments';
import type { Catalog } from '../../../../../src/lib/catalog';

export const FRAME_LANGUAGES = ['en', 'ja', 'es', 'fr'] as const;
export type FrameLanguage = (typeof FRAME_LANGUAGES)[number];

const en = {
  reports: {
    5: { title: 'Reporting', description: 'Impressions, clicks and revenue of all your zones' },
    4: { title: 'Advertiser spend', description: 'What advertisers spent on your inventory' },
    9: { title: 'Custom report', description: 'Every zone with its figures' },
    10: { title: 'Historical reporting (Japan)', description: 'Monthly figures of your whole history' },
    8: { title: 'Slot revenue', description: 'The zones with slots' },
    7: { title: 'Passback campaigns', description: "Your passback advertiser's campaigns" },
    14: { title: 'In-video dashboard', description: 'The zones with in-video products' },
    13: { title: 'In-video custom report', description: 'Every in-video zone with its figures' },
  },
  filters: 'Filters',
  period: 'Period',
  ranges: { '7': 'Last 7 days', '30': 'Last 30 days', '90': 'Last 90 days', '180': 'Last 180 days', all: 'All history', custom: 'Custom period' },
  from: 'From',
  to: 'To',
  zone: 'Zone',
  allZones: 'All zones',
  apply: 'Apply',
  periodText: '%{from} – %{to}',
  comparedWith: 'compared with %{from} – %{to}',
  allHistory: 'All history',
  problems: {
    order: 'The start of the period is after its end: showing the last 30 days.',
    missing: 'A custom period needs a start and an end: showing the last 30 days.',
    tooLong: 'A custom period can be at most two years: showing the last 30 days.',
  },
  keyFigures: 'Key figures',
  impressions: 'Impressions',
  clicks: 'Clicks',
  ctr: 'CTR',
  revenue: 'Revenue',
  ecpm: 'eCPM',
  change: { up: 'up %{change} on the previous period', down: 'down %{change} on the previous period', same: 'same as the previous period', none: 'nothing in the previous period' },
  revenueBy: { day: 'Revenue by day', month: 'Revenue by month' },
  previousPeriod: 'Previous period',
  dataTable: 'Data table',
  day: 'Day',
  month: 'Month',
  topZones: 'Top zones by revenue',
  zones: 'Zones',
  topAdvertisers: 'Top advertisers by spend',
  spendByAdvertiser: 'Spend by advertiser',
  advertiser: 'Advertiser',
  total: 'Total',
  downloadCsv: 'Download CSV',
  listPages: 'Pages of the list',
  listRange: '%{from}–%{to} of %{total}',
  previousRows: 'Previous %{count}',
  nextRows: 'Next %{count}',
  passbackAdvertiser: 'Passback advertiser',
  campaigns: 'Campaigns',
  none: 'none',
  noData: 'No data is currently available for these parameters.',
  unavailable: 'We apologize for the inconvenience. Reporting data will be up shortly.',
};

export type FrameText = Catalog<typeof en>;

const ja: FrameText = {
  reports: {
    5: { title: 'レポート', description: 'すべてのゾーンのインプレッション、クリック、収益' },
    4: { title: '広告主の支出', description: '広告主があなたの広告枠に支出した金額' },
    9: { title: 'カスタムレポート', description: 'すべてのゾーンとその数値' },
    10: { title: '過去のレポート（日本）', description: 'これまでの全期間の月別の数値' },
    8: { title: 'スロット収益', description: 'スロットのあるゾーン' },
    7: { title: 'パスバックキャンペーン', description: 'パスバック広告主のキャンペーン' },
    14: { title: 'インビデオダッシュボード', description: 'インビデオ商品のあるゾーン' },
    13: { title: 'インビデオカスタムレポート', description: 'すべてのインビデオゾーンとその数値' },
  },
  filters: '絞り込み',
  period: '期間',
  ranges: { '7': '過去7日間', '30': '過去30日間', '90': '過去90日間', '180': '過去180日間', all: '全期間', custom: '期間を指定' },
  from: '開始日',
  to: '終了日',
  zone: 'ゾーン',
  allZones: 'すべてのゾーン',
  apply: '適用',
  periodText: '%{from}～%{to}',
  comparedWith: '比較期間：%{from}～%{to}',
  allHistory: '全期間',
  problems: {
    order: '期間の開始日が終了日より後になっています。過去30日間を表示しています。',
    missing: '期間を指定するには開始日と終了日が必要です。過去30日間を表示しています。',
    tooLong: '指定できる期間は最長2年です。過去30日間を表示しています。',
  },
  keyFigures: '主な数値',
  impressions: 'インプレッション',
  clicks: 'クリック',
  ctr: 'CTR',
  revenue: '収益',
  ecpm: 'eCPM',
  change: { up: '前の期間より%{change}増加', down: '前の期間より%{change}減少', same: '前の期間と同じ', none: '前の期間の数値なし' },
  revenueBy: { day: '日別の収益', month: '月別の収益' },
  previousPeriod: '前の期間',
  dataTable: 'データ表',
  day: '日付',
  month: '月',
  topZones: '収益の多いゾーン',
  zones: 'ゾーン',
  topAdvertisers: '支出の多い広告主',
  spendByAdvertiser: '広告主別の支出',
  advertiser: '広告主',
  total: '合計',
  downloadCsv: 'CSVをダウンロード',
  listPages: '一覧のページ',
  listRange: '%{total} 件中 %{from}–%{to} 件',
  previousRows: '前の %{count} 件',
  nextRows: '次の %{count} 件',
  passbackAdvertiser: 'パスバック広告主',
  campaigns: 'キャンペーン数',
  none: 'なし',
  noData: 'この条件で表示できるデータは現在ありません。',
  unavailable: 'ご不便をおかけして申し訳ありません。レポートデータはまもなく表示されます。',
};

const es: FrameText = {
  reports: {
    5: { title: 'Informes', description: 'Impresiones, clics e ingresos de todas sus zonas' },
    4: { title: 'Gasto de anunciantes', description: 'Lo que gastaron los anunciantes en su inventario' },
    9: { title: 'Informe personalizado', description: 'Cada zona con sus cifras' },
    10: { title: 'Informes históricos (Japón)', description: 'Cifras mensuales de todo su historial' },
    8: { title: 'Ingresos por slots', description: 'Las zonas con slots' },
    7: { title: 'Campañas de passback', description: 'Las campañas de su anunciante de passback' },
    14: { title: 'Panel in-video', description: 'Las zonas con productos in-video' },
    13: { title: 'Informe personalizado in-video', description: 'Cada zona in-video con sus cifras' },
  },
  filters: 'Filtros',
  period: 'Periodo',
  ranges: { '7': 'Últimos 7 días', '30': 'Últimos 30 días', '90': 'Últimos 90 días', '180': 'Últimos 180 días', all: 'Todo el historial', custom: 'Periodo personalizado' },
  from: 'Desde',
  to: 'Hasta',
  zone: 'Zona',
  allZones: 'Todas las zonas',
  apply: 'Aplicar',
  periodText: '%{from} – %{to}',
  comparedWith: 'comparado con %{from} – %{to}',
  allHistory: 'Todo el historial',
  problems: {
    order: 'El inicio del periodo es posterior a su fin: se muestran los últimos 30 días.',
    missing: 'Un periodo personalizado necesita inicio y fin: se muestran los últimos 30 días.',
    tooLong: 'Un periodo personalizado puede durar como máximo dos años: se muestran los últimos 30 días.',
  },
  keyFigures: 'Cifras clave',
  impressions: 'Impresiones',
  clicks: 'Clics',
  ctr: 'CTR',
  revenue: 'Ingresos',
  ecpm: 'eCPM',
  change: { up: '%{change} más que el periodo anterior', down: '%{change} menos que el periodo anterior', same: 'igual que el periodo anterior', none: 'nada en el periodo anterior' },
  revenueBy: { day: 'Ingresos por día', month: 'Ingresos por mes' },
  previousPeriod: 'Periodo anterior',
  dataTable: 'Tabla de datos',
  day: 'Día',
  month: 'Mes',
  topZones: 'Zonas con más ingresos',
  zones: 'Zonas',
  topAdvertisers: 'Anunciantes con más gasto',
  spendByAdvertiser: 'Gasto por anunciante',
  advertiser: 'Anunciante',
  total: 'Total',
  downloadCsv: 'Descargar CSV',
  listPages: 'Páginas de la lista',
  listRange: '%{from}–%{to} de %{total}',
  previousRows: '%{count} anteriores',
  nextRows: '%{count} siguientes',
  passbackAdvertiser: 'Anunciante de passback',
  campaigns: 'Campañas',
  none: 'ninguno',
  noData: 'No hay datos disponibles para estos parámetros.',
  unavailable: 'Disculpe las molestias. Los datos de los informes estarán disponibles en breve.',
};

const fr: FrameText = {
  reports: {
    5: { title: 'Rapports', description: 'Impressions, clics et revenus de toutes vos zones' },
    4: { title: 'Dépenses des annonceurs', description: 'Ce que les annonceurs ont dépensé sur votre inventaire' },
    9: { title: 'Rapport personnalisé', description: 'Chaque zone avec ses chiffres' },
    10: { title: 'Rapports historiques (Japon)', description: 'Chiffres mensuels de tout votre historique' },
    8: { title: 'Revenus des slots', description: 'Les zones avec des slots' },
    7: { title: 'Campagnes de passback', description: 'Les campagnes de votre annonceur de passback' },
    14: { title: 'Tableau de bord in-video', description: 'Les zones avec des produits in-video' },
    13: { title: 'Rapport personnalisé in-video', description: 'Chaque zone in-video avec ses chiffres' },
  },
  filters: 'Filtres',
  period: 'Période',
  ranges: { '7': '7 derniers jours', '30': '30 derniers jours', '90': '90 derniers jours', '180': '180 derniers jours', all: 'Tout l’historique', custom: 'Période personnalisée' },
  from: 'Du',
  to: 'Au',
  zone: 'Zone',
  allZones: 'Toutes les zones',
  apply: 'Appliquer',
  periodText: '%{from} – %{to}',
  comparedWith: 'comparé au %{from} – %{to}',
  allHistory: 'Tout l’historique',
  problems: {
    order: 'Le début de la période est après sa fin : affichage des 30 derniers jours.',
    missing: 'Une période personnalisée a besoin d’un début et d’une fin : affichage des 30 derniers jours.',
    tooLong: 'Une période personnalisée dure au plus deux ans : affichage des 30 derniers jours.',
  },
  keyFigures: 'Chiffres clés',
  impressions: 'Impressions',
  clicks: 'Clics',
  ctr: 'CTR',
  revenue: 'Revenus',
  ecpm: 'eCPM',
  change: { up: 'en hausse de %{change} sur la période précédente', down: 'en baisse de %{change} sur la période précédente', same: 'comme la période précédente', none: 'rien sur la période précédente' },
  revenueBy: { day: 'Revenus par jour', month: 'Revenus par mois' },
  previousPeriod: 'Période précédente',
  dataTable: 'Tableau de données',
  day: 'Jour',
  month: 'Mois',
  topZones: 'Zones aux revenus les plus élevés',
  zones: 'Zones',
  topAdvertisers: 'Annonceurs aux dépenses les plus élevées',
  spendByAdvertiser: 'Dépenses par annonceur',
  advertiser: 'Annonceur',
  total: 'Total',
  downloadCsv: 'Télécharger le CSV',
  listPages: 'Pages de la liste',
  listRange: '%{from}–%{to} sur %{total}',
  previousRows: '%{count} précédents',
  nextRows: '%{count} suivants',
  passbackAdvertiser: 'Annonceur de passback',
  campaigns: 'Campagnes',
  none: 'aucun',
  noData: 'Aucune donnée n’est disponible pour ces paramètres.',
  unavailable: 'Veuillez nous excuser pour la gêne occasionnée. Les données des rapports seront bientôt disponibles.',
};

export const FRAME_TEXT: Readonly<Record<FrameLanguage, FrameText>> = { en, ja, es, fr };

export const isFrameLanguage = (value: string | undefined): value is FrameLanguage => (FRAME_LANGUAGES as readonly (string | undefined)[]).includes(value);

/** '%{name}' placeholders. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const INTL_LOCALE: Readonly<Record<FrameLanguage, string>> = { en: 'en-US', ja: 'ja-JP', es: 'es-ES', fr: 'fr-FR' };

/** Number and date formats of a language, money in the publisher's currency; dates are UTC calendar days. */
export function formatsFor(language: FrameLanguage, currency: Currency) {
  const locale = INTL_LOCALE[language];
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const compactMoney = new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const change = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const monthName = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const at = (day: string) => new Date(`${day.length === 7 ? `${day}-01` : day}T00:00:00Z`);
  return {
    locale,
    integer: (n: number) => integer.format(n),
    money: (n: number) => money.format(n),
    compactMoney: (n: number) => compactMoney.format(n),
    percent: (n: number) => percent.format(n),
    change: (n: number) => change.format(Math.abs(n)),
    day: (day: string) => longDay.format(at(day)),
    shortDay: (day: string) => shortDay.format(at(day)),
    month: (month: string) => monthName.format(at(month)),
  };
}

export type Formats = ReturnType<typeof formatsFor>;
