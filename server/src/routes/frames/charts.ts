// Inline SVG charts for the framed dashboards: drawn on the server, so the pages need no script. Each bar carries
// a <title> (the browser's own tooltip) and the chart an accessible name.
import { html, type SafeHtml } from './html';

export interface ChartPoint {
  label: string;
  value: number;
}

interface ChartOptions {
  title: string;
  format: (value: number) => string;
}

const MAX_LABEL = 28;
const shorten = (label: string) => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label);
const round = (n: number) => Math.round(n * 10) / 10;

/** Vertical bars along a time axis (days, months); every n-th label so they never overlap. */
export function columnChart(points: readonly ChartPoint[], { title, format }: ChartOptions): SafeHtml {
  const width = 900;
  const height = 240;
  const left = 70;
  const bottom = 28;
  const top = 12;
  const plotWidth = width - left - 10;
  const plotHeight = height - top - bottom;
  const max = Math.max(0, ...points.map((p) => p.value)) || 1;
  const slot = plotWidth / Math.max(points.length, 1);
  const labelEvery = Math.max(1, Math.ceil(points.length / 10));
  const bars = points.map((point, i) => {
    const barHeight = round((Math.max(point.value, 0) / max) * plotHeight);
    const x = round(left + i * slot + slot * 0.1);
    return html`<rect class="bar" x="${x}" y="${round(top + plotHeight - barHeight)}" width="${round(slot * 0.8)}" height="${barHeight}"><title>${point.label}: ${format(point.value)}</title></rect>${
      i % labelEvery === 0 ? html`<text x="${round(left + i * slot + slot / 2)}" y="${height - 8}" text-anchor="middle">${point.label}</text>` : ''
    }`;
  });
  return html`<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${title}">
<title>${title}</title>
<line x1="${left}" y1="${top + plotHeight}" x2="${width - 10}" y2="${top + plotHeight}" stroke="#9aa5b1"/>
<text x="${left - 6}" y="${top + 10}" text-anchor="end">${format(max)}</text>
<text x="${left - 6}" y="${top + plotHeight}" text-anchor="end">0</text>
${bars}
</svg>`;
}

/** Horizontal bars for rankings (advertisers, zones), largest first as given. */
export function barChart(points: readonly ChartPoint[], { title, format }: ChartOptions): SafeHtml {
  const width = 900;
  const labelWidth = 220;
  const valueWidth = 110;
  const row = 26;
  const height = Math.max(points.length, 1) * row + 8;
  const plotWidth = width - labelWidth - valueWidth;
  const max = Math.max(0, ...points.map((p) => p.value)) || 1;
  const bars = points.map((point, i) => {
    const y = 4 + i * row;
    const barWidth = round((Math.max(point.value, 0) / max) * plotWidth);
    return html`<text x="${labelWidth - 8}" y="${y + 16}" text-anchor="end">${shorten(point.label)}</text>
<rect class="bar" x="${labelWidth}" y="${y + 4}" width="${barWidth}" height="${row - 8}"><title>${point.label}: ${format(point.value)}</title></rect>
<text x="${labelWidth + barWidth + 6}" y="${y + 16}">${format(point.value)}</text>`;
  });
  return html`<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${title}">
<title>${title}</title>
${bars}
</svg>`;
}
