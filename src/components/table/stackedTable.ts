/**
 * Tables as cards on narrow screens (issue 21): below `breakpoint` each row becomes a block of stacked cells, each
 * under its column's name, so no cell (a row's action least of all) ends up behind a sideways scroll. Nothing
 * changes above it. The table keeps its semantics: `tableRoles` gives every part its explicit role, which a display
 * change would otherwise drop in some browsers, so a screen reader still reads each cell with its column header;
 * the names shown above the cells have an empty alternative text for the same reason. Sortable headers stay, as a
 * row of sort buttons; the others are only hidden from sight.
 *
 *   <Table {...tableRoles.table} sx={stackedTableSx('md', { sortable: false, labels: ['When', 'Who', null] })}>
 */
import type { SxProps, Theme } from '@mui/material/styles';

/** An sx style computed from the theme (the form a breakpoint query needs). */
export type ThemedSx = Extract<SxProps<Theme>, (theme: Theme) => unknown>;

export const tableRoles = {
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  columnheader: { role: 'columnheader' },
  cell: { role: 'cell' },
} as const;

const HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', p: 0, border: 0 } as const;

/** `labels[i]` is shown above the cells of column i (null: none, e.g. an action whose button says it all). */
export function stackedTableSx(breakpoint: 'sm' | 'md', { sortable, labels }: { sortable: boolean; labels: readonly (string | null)[] }): ThemedSx {
  const named = Object.fromEntries(
    labels.flatMap((label, index) =>
      label === null ? [] : [[`& > tbody > tr > td:nth-of-type(${index + 1})::before`, { content: `${JSON.stringify(label)} / ""` }]],
    ),
  );
  return (theme) => ({
    [theme.breakpoints.down(breakpoint)]: {
      display: 'block',
      // A fixed layout's minimum width (PagedTable's fixedLayout) is for the table's lines, not for the cards.
      minWidth: 0,
      tableLayout: 'auto',
      '& > tbody, & > tbody > tr': { display: 'block' },
      '& > tbody > tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
      '& > tbody > tr > td': { display: 'block', border: 0, py: 0.75, px: 2, minWidth: 0, width: 'auto', textAlign: 'left' },
      // A state row (loading, empty, failed) spans the table: no column name above it.
      '& > tbody > tr > td:not([colspan])::before': { display: 'block', color: 'text.secondary', fontSize: '0.75rem', fontWeight: 600 },
      ...named,
      '& > tbody > tr > td[colspan]::before': { content: 'none' },
      '& > thead': sortable ? { display: 'block' } : HIDDEN,
      '& > thead > tr': { display: 'flex', flexWrap: 'wrap', gap: 1, px: 1 },
      '& > thead > tr > th': { border: 0, py: 0.5, px: 1 },
      '& > thead > tr > th:not(:has(.MuiTableSortLabel-root))': HIDDEN,
    },
  });
}
