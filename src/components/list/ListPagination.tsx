/**
 * A list's footer from its ListContext (spec sections 2 'Common UI', 5, 9): '{n} Result(s)', the size selector and
 * react-admin's page buttons (PaginationActions) as src/lib/listQuery.ts's rules show them. Not react-admin's
 * <Pagination>: it says '1-10 of 25', always shows the size selector, and below 'md' has two arrows only.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PaginationActions, useListContext } from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { PAGE_SIZE_OPTIONS } from '../../lib/limits';
import { pageCount, showPageSizeSelector, showPager } from '../../lib/listQuery';
import { FilterSelect } from './FilterSelect';

const SIZES = PAGE_SIZE_OPTIONS.map((size) => ({ value: String(size), label: String(size) }));

/** `label` names the page navigation landmark, e.g. 'Zones pages'. */
export function ListPagination({ label }: { label: string }) {
  const { translate, locale } = useI18n();
  const { page, perPage, total = 0, setPage, setPerPage, isPending, error } = useListContext();
  if (isPending || error || total === 0) return null;
  const pages = pageCount(total, perPage);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, px: 2, py: 1.5 }}>
      <Typography role="status" color="text.secondary">
        {translate('lists.results', { count: total.toLocaleString(locale) })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        {showPageSizeSelector(total) && <FilterSelect label={translate('lists.perPage')} minWidth={140} value={String(perPage)} options={SIZES} onChange={(size) => setPerPage(Number(size))} />}
        {showPager(pages) && (
          // 0-based pages, as MUI's TablePagination gives them.
          <PaginationActions aria-label={label} size="medium" color="primary" showFirstButton showLastButton count={total} rowsPerPage={perPage} page={Math.min(page, pages) - 1} onPageChange={(_, next) => setPage(next + 1)} />
        )}
      </Box>
    </Box>
  );
}
