// HTML building blocks of the framed pages. Every interpolated value is escaped by the `html` tag unless it is
// already SafeHtml built by this module, so no page can carry markup from the database.

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type Interpolation = SafeHtml | string | number | null | undefined | readonly Interpolation[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined) return '';
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<td>${name}</td>\`` escapes `name`; nested html`` fragments and arrays pass through. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, text, i) => out + text + (i < values.length ? render(values[i] as Interpolation) : ''), ''));
}

export const NO_DATA_MESSAGE = 'No data is currently available for these parameters.';

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatInteger = (value: number): string => integerFormat.format(value);
export const formatAmount = (value: number): string => amountFormat.format(value);

export interface Column {
  label: string;
  numeric?: boolean;
}

/**
 * A data table; the first cell of each row is its header. On a phone (the page's style) its rows become stacked
 * cards, each value under its column's name (data-label), so no column, revenue least of all, is cut off behind a
 * sideways scroll (issue 21); explicit roles keep it a table for assistive technology then.
 */
export function table(caption: Interpolation, columns: readonly Column[], rows: readonly Interpolation[][], footer?: Interpolation[]): SafeHtml {
  const cell = (tag: 'td' | 'th', column: Column | undefined, value: Interpolation) =>
    tag === 'td'
      ? html`<td role="cell" class="${column?.numeric ? 'num' : ''}" data-label="${column?.label ?? ''}">${value}</td>`
      : html`<th role="rowheader" scope="row">${value}</th>`;
  const line = (values: readonly Interpolation[]) => values.map((value, i) => cell(i === 0 ? 'th' : 'td', columns[i], value));
  // Focusable and named: a keyboard user can scroll a table wider than a narrow frame.
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="${caption}"><table role="table">
  <caption class="visually-hidden">${caption}</caption>
  <thead role="rowgroup"><tr role="row">${columns.map((c) => html`<th role="columnheader" scope="col" class="${c.numeric ? 'num' : ''}">${c.label}</th>`)}</tr></thead>
  <tbody role="rowgroup">${rows.map((row) => html`<tr role="row">${line(row)}</tr>`)}</tbody>
  ${footer ? html`<tfoot role="rowgroup"><tr role="row">${line(footer)}</tr></tfoot>` : ''}
</table></div>`;
}

/** Headline figures (label above value, then an optional note). */
export function figures(items: readonly { label: string; value: string; note?: Interpolation }[]): SafeHtml {
  return html`<dl class="figures">${items.map((item) => html`<div><dt>${item.label}</dt><dd>${item.value}</dd>${item.note ? html`<dd class="note">${item.note}</dd>` : ''}</div>`)}</dl>`;
}

export function notice(text: string): SafeHtml {
  return html`<p class="notice" role="status">${text}</p>`;
}

// Laid out to fit the console's 1300 px frame without a scrollbar of its own at the frame's usual widths (issue 21):
// from 700 px the key figures sit beside the chart, tables are compact, each table's CSV link sits by its heading,
// and a long list is paged (dashboardPage.ts). Below 600 px tables become stacked cards. A key figure's size follows
// its tile's width (container units), so a long number stays on one line inside its tile, and one that still does
// not fit wraps rather than leave the tile (issue 30, item 12).
const STYLE = `
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;margin:0;padding:16px 24px;background:#fff}
header{margin-bottom:10px}h1{font-size:22px;margin:0 0 2px}h2{font-size:16px;margin:14px 0 4px}
.subtitle{color:#52606d;margin:0}.notice{padding:16px;background:#f5f7fa;border:1px solid #e4e7eb;border-radius:4px}
.notice.warning{background:#fff8e1;border-color:#f0c36d}
.section-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:4px 16px}
.section-head h2{margin-bottom:6px}.section-head .downloads{margin:0}
.overview{display:grid;gap:0 24px}.overview>*{min-width:0}
@media (min-width:700px){.overview{grid-template-columns:minmax(240px,1fr) 2.6fr}.overview .figures{display:grid;grid-template-columns:1fr;gap:6px;margin:0}
.overview .figures div{display:grid;grid-template-columns:auto 1fr;align-items:baseline;column-gap:10px}.overview .figures dt{grid-column:1/-1}.overview .figures dd.note{text-align:right}}
.figures{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0}.figures div{border:1px solid #e4e7eb;border-radius:4px;padding:6px 12px;min-width:min(140px,100%);flex:1 1 140px;container-type:inline-size}
.figures dt{color:#52606d;font-size:13px}.figures dd{margin:0;font-size:clamp(13px,12cqi,20px);font-weight:600;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.figures dd.note{font-size:12px;font-weight:400;color:#52606d;white-space:normal}.up{color:#1b5e20}.down{color:#b71c1c}
.table-scroll{overflow-x:auto;margin:4px 0}
table{border-collapse:collapse;width:100%}
th,td{padding:3px 10px;border-bottom:1px solid #e4e7eb;text-align:left;font-size:13px;line-height:1.35}thead th{background:#f5f7fa}
nav.list-pages{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;margin:4px 0}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}tfoot th,tfoot td{font-weight:600;border-top:2px solid #9aa5b1}
form.filters{display:flex;flex-wrap:wrap;align-items:flex-end;gap:8px 12px;padding:10px 12px;background:#f5f7fa;border:1px solid #e4e7eb;border-radius:4px}
form.filters label{display:flex;flex-direction:column;gap:4px;font-size:12px;color:#3e4c59}
form.filters select,form.filters input{font:inherit;padding:6px 8px;border:1px solid #7b8794;border-radius:4px;background:#fff;color:#1f2933;max-width:100%}
form.filters button{font:inherit;padding:7px 16px;border:0;border-radius:4px;background:#1d5bc4;color:#fff;cursor:pointer}
.period{color:#3e4c59;margin:8px 0 0}
figure{margin:8px 0}
.chart{max-width:900px;overflow-x:auto}.chart svg.MuiChartsSurface-root{width:100%;min-width:560px;height:auto}
.overview .chart{margin:0}
.chart path[data-series$="-dashed"]{stroke-dasharray:6 4}
details{margin:4px 0 8px}summary{cursor:pointer;color:#1d5bc4}
a{color:#1d5bc4}.downloads{margin:4px 0 16px}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
dl.details{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dl.details dt{color:#52606d}dl.details dd{margin:0}
@media (max-width:600px){
body{padding:12px}
table,tbody,tfoot,tr,td,th[scope=row]{display:block}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}
tr{padding:6px 0;border-bottom:1px solid #e4e7eb}tfoot tr{border-top:2px solid #9aa5b1}
td,th[scope=row],tfoot td,tfoot th{border:0;padding:2px 4px}
td{display:flex;justify-content:space-between;gap:12px;text-align:right}
td::before{content:attr(data-label) / "";color:#52606d;font-weight:400;text-align:left}
}
`;

/** A whole page: no scripts, styles inline (the frame CSP allows nothing else), no referrer (the address holds a token). */
export function page(title: string, subtitle: Interpolation, body: Interpolation, lang = 'en'): SafeHtml {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
<header><h1>${title}</h1><p class="subtitle">${subtitle}</p></header>
<main>${body}</main>
</body>
</html>
`;
}
