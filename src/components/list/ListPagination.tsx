/**
 * A list's footer (spec sections 2 'Common UI', 5 and 9): '{n} Result(s)', the page buttons only when there is
 * more than one page, and the page-size selector (10/20/50/100) only when the total exceeds 10.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useListContext } from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { PAGE_SIZE_OPTIONS } from '../../lib/limits';
import { pageCount, showPageSizeSelector, showPager } from '../../lib/listQuery';

export interface ListPaginationProps {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** Names the page navigation landmark, e.g. 'Zones pages'. */
  label: string;
}

export function ListPagination({ page, perPage, total, onPageChange, onPerPageChange, label }: ListPaginationProps) {
  const { translate, locale } = useI18n();
  const sizeLabelId = useId();
  const pages = pageCount(total, perPage);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, px: 2, py: 1.5 }}>
      <Typography role="status" color="text.secondary">
        {translate('lists.results', { count: total.toLocaleString(locale) })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        {showPageSizeSelector(total) && (
          <FormControl size="small" fullWidth={false} sx={{ width: 140 }}>
            <InputLabel id={sizeLabelId}>{translate('lists.perPage')}</InputLabel>
            <Select
              labelId={sizeLabelId}
              label={translate('lists.perPage')}
              value={perPage}
              onChange={(event) => onPerPageChange(Number(event.target.value))}
            >
              {PAGE_SIZE_OPTIONS.map((size) => (
                <MenuItem key={size} value={size}>
                  {size}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        {showPager(pages) && (
          <Pagination
            aria-label={label}
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_, next) => onPageChange(next)}
            color="primary"
            showFirstButton
            showLastButton
            getItemAriaLabel={(type, itemPage, selected) => {
              if (type === 'page') return translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: itemPage });
              return translate(`ra.navigation.${type}`);
            }}
          />
        )}
      </Box>
    </Box>
  );
}

/**
 * The footer of a server-paged list (usePagedList's list context), once its answer is there and has rows: the
 * one way the paged lists (zones, payments, inclusive inventory, history) show it.
 */
export function PagedListPagination({ label }: { label: string }) {
  const { page, perPage, total = 0, setPage, setPerPage, isPending, error } = useListContext();
  if (isPending || error || total === 0) return null;
  return <ListPagination page={page} perPage={perPage} total={total} onPageChange={setPage} onPerPageChange={setPerPage} label={label} />;
}
