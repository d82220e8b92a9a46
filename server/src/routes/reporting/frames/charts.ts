// The dashboards' charts: @mui/x-charts rendered to static SVG on the server (fixed size, no animation), so the
// pages need no script. Each chart gets its own id prefix (its clip paths must not collide with another chart's
// on the page), a <title> and <desc>, and is shown in a figure named by its heading; the numbers are also in a
// data table next to it.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { SafeHtml } from './html';

const WIDTH = 900;

export interface SeriesChart {
  id: string;
  title: string;
  description: string;
  /** Axis labels, one per point. */
  labels: readonly string[];
  series: readonly { label: string; values: readonly number[]; dashed?: boolean }[];
  format: (value: number) => string;
  /** Shorter numbers for the value axis ('$2.4K'). */
  axisFormat: (value: number) => string;
}

const COLORS = ['#2f6fde', '#9aa5b1'];

function render(id: string, element: ReturnType<typeof createElement>): SafeHtml {
  return new SafeHtml(renderToStaticMarkup(element, { identifierPrefix: `${id}-` }));
}

/** A line over time (days or months), the previous period dashed behind it. */
export function lineChart(chart: SeriesChart): SafeHtml {
  const tickEvery = Math.max(1, Math.ceil(chart.labels.length / 8));
  return render(
    chart.id,
    createElement(LineChart, {
      width: WIDTH,
      height: 300,
      skipAnimation: true,
      title: chart.title,
      desc: chart.description,
      margin: { left: 16, right: 24, top: 16, bottom: 8 },
      xAxis: [
        {
          scaleType: 'point',
          data: chart.labels.map((_, i) => i),
          valueFormatter: (i: number) => chart.labels[i] ?? '',
          tickInterval: (_value: number, index: number) => index % tickEvery === 0,
        },
      ],
      yAxis: [{ valueFormatter: chart.axisFormat, width: 70, min: 0 }],
      series: chart.series.map((series, i) => ({
        label: series.label,
        data: [...series.values],
        showMark: false,
        curve: 'linear' as const,
        color: COLORS[i % COLORS.length],
        valueFormatter: (value: number | null) => (value === null ? '' : chart.format(value)),
        // The page's style dashes the series whose id ends in -dashed.
        id: `${chart.id}-${i}${series.dashed ? '-dashed' : ''}`,
      })),
    }),
  );
}

/** Horizontal bars for a ranking, largest first as given. */
export function rankingChart(chart: Omit<SeriesChart, 'series'> & { values: readonly number[]; seriesLabel: string }): SafeHtml {
  return render(
    chart.id,
    createElement(BarChart, {
      width: WIDTH,
      height: Math.max(120, chart.labels.length * 32 + 48),
      skipAnimation: true,
      title: chart.title,
      desc: chart.description,
      layout: 'horizontal',
      hideLegend: true,
      margin: { left: 16, right: 24, top: 8, bottom: 8 },
      yAxis: [{ scaleType: 'band', data: [...chart.labels], width: 220, valueFormatter: (label: string) => (label.length > 30 ? `${label.slice(0, 29)}…` : label) }],
      xAxis: [{ valueFormatter: chart.axisFormat, tickNumber: 5 }],
      series: [{ label: chart.seriesLabel, data: [...chart.values], color: COLORS[0], valueFormatter: (value: number | null) => (value === null ? '' : chart.format(value)) }],
    }),
  );
}
