/**
 * Tables as cards on narrow screens (issue 21), a DataTable `sx` (it has no such layout): below `breakpoint` each row
 * is a block of cells, each under its column's name (empty alternative text: a screen reader reads the cell once,
 * with its header; Chromium keeps the table's roles), so no cell hides behind a sideways scroll. Sortable headers
 * stay as a row of sort buttons; the others are hidden from sight only.
 */
import { Children, isValidElement, type ReactNode } from 'react';
import type { Theme } from '@mui/material/styles';

const HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', p: 0, border: 0 } as const;

/** Each card cell is named by its Col's string label (none with `data-stacked={false}`), counted from the row's end. */
export function stackedTableSx(breakpoint: 'sm' | 'md', columns: ReactNode) {
  const cols = Children.toArray(columns).filter(isValidElement) as { props: { label?: unknown; source?: string; 'data-stacked'?: boolean } }[];
  const named = Object.fromEntries(
    cols.flatMap(({ props }, index) =>
      props['data-stacked'] === false || typeof props.label !== 'string' ? [] : [[`& > tbody > tr > td:nth-last-of-type(${cols.length - index})::before`, { content: `${JSON.stringify(props.label)} / ""` }]],
    ),
  );
  return (theme: Theme) => ({
    [theme.breakpoints.down(breakpoint)]: {
      '& .RaDataTable-table': {
        display: 'block',
        // A fixed layout's minimum width (ListTable's minWidth) is for the table's lines, not for the cards.
        minWidth: 0,
        tableLayout: 'auto',
        '& > tbody, & > tbody > tr': { display: 'block' },
        '& > tbody > tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
        '& > tbody > tr > td': { display: 'block', border: 0, py: 0.75, px: 2, minWidth: 0, width: 'auto', textAlign: 'left' },
        '& > tbody > tr > td::before': { display: 'block', color: 'text.secondary', fontSize: '0.75rem', fontWeight: 600 },
        ...named,
        '& > tbody > tr.RaDataTable-expandRow': { py: 0, borderBottom: 0 },
        '& > tbody > tr.RaDataTable-expandRow > td::before, & > tbody > tr[data-empty] > td::before': { content: 'none' },
        '& > thead': cols.some(({ props }) => props.source !== undefined) ? { display: 'block' } : HIDDEN,
        '& > thead > tr': { display: 'flex', flexWrap: 'wrap', gap: 1, px: 1 },
        '& > thead > tr > th': { border: 0, py: 0.5, px: 1, position: 'static' },
        '& > thead > tr > th:not(:has(.MuiTableSortLabel-root))': HIDDEN,
      },
    },
  });
}
