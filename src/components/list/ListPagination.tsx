/**
 * A list's footer (spec sections 2 'Common UI', 5 and 9), from its ListContext: '{n} Result(s)', the page buttons
 * only when there is more than one page, and the page-size selector (10/20/50/100) only when the total exceeds 10;
 * nothing while the first page loads, after a failed load or for an empty list. Not react-admin's <Pagination>:
 * that one says '1-10 of 25' and always shows both parts, where the spec has its own words and rules.
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

/** `label` names the page navigation landmark, e.g. 'Zones pages'. */
export function ListPagination({ label }: { label: string }) {
  const { translate, locale } = useI18n();
  const sizeLabelId = useId();
  const { page, perPage, total = 0, setPage, setPerPage, isPending, error } = useListContext();
  if (isPending || error || total === 0) return null;
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
            <Select labelId={sizeLabelId} label={translate('lists.perPage')} value={perPage} onChange={(event) => setPerPage(Number(event.target.value))}>
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
            onChange={(_, next) => setPage(next)}
            color="primary"
            showFirstButton
            showLastButton
            getItemAriaLabel={(type, itemPage, selected) =>
              type === 'page' ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: itemPage }) : translate(`ra.navigation.${type}`)
            }
          />
        )}
      </Box>
    </Box>
  );
}
