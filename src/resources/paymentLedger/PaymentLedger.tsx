/**
 * The payment ledger of /payments/previous (spec sections 2, 3 'Payment ledger row', 9): date, description, amount
 * in the row's currency and the UI language's format, and actions; paged by the server (page 1, 20 rows, sizes
 * 10/20/50/100) and sorted by date, newest first, the header toggling the direction; page, size and order in the
 * address (useListUrlState), a bookmarked page past the end showing the last page. The common table states: skeleton rows, then 'No payments found' 500 ms after an
 * empty answer, or the load failure with a retry.
 *
 * A payment or earnings row opens, below it, the earnings it is about per month and zone (LedgerEarnings), so a
 * payment can be checked against reporting without leaving the page. The CSV export is the whole ledger, made by
 * the server (exportPaymentLedger, the bearer token sent as for every call) and saved under its timestamped name.
 */
import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { keepPreviousData } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import { DownloadButton } from '../../components/DownloadButton';
import { UrlListPagination } from '../../components/list/ListPagination';
import { useLastPageFallback } from '../../components/list/useLastPageFallback';
import { useListUrlState } from '../../components/list/useListUrlState';
import { SortableHeaderCell } from '../../components/table/SortableHeaderCell';
import { pagedListPlaceholder, pagedListRows } from '../../components/table/TableStateRows';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import type { PaymentLedgerRecord } from '../../dataProvider/resources';
import { formatDay, formatMoney } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import type { ListQueryDefaults } from '../../lib/listQuery';
import { LedgerEarnings } from './LedgerEarnings';

/** Spec section 9: payments start at page 1 with 20 rows; newest first. */
export const LEDGER_DEFAULTS: ListQueryDefaults = { page: 1, perPage: 20, sort: 'date', order: 'DESC' };
const SORT_FIELDS = ['date'] as const;
const COLUMNS = 4;

export function LedgerExportButton({ publisherId }: { publisherId: number }) {
  const { translate } = useI18n();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <DownloadButton operation="exportPaymentLedger" download={() => dataProvider.exportPaymentLedger(publisherId)}>
      {translate('payments.export')}
    </DownloadButton>
  );
}

export function PaymentLedger({ publisherId }: { publisherId: number }) {
  const { translate, locale } = useI18n();
  const urlState = useListUrlState(LEDGER_DEFAULTS, SORT_FIELDS);
  const { query, toggleSort } = urlState;
  const [open, setOpen] = useState<number | null>(null);
  const sort = { field: query.sort, order: query.order };
  const list = useGetList<PaymentLedgerRecord>(
    'paymentLedger',
    { pagination: { page: query.page, perPage: query.perPage }, sort, filter: {}, meta: { publisherId } },
    { placeholderData: keepPreviousData },
  );
  const { isFetching, isPlaceholderData } = list;
  useLastPageFallback(urlState, list);
  const column = (name: string) => translate(`payments.ledger.columns.${name}`);

  const placeholder = pagedListPlaceholder(list, {
    colSpan: COLUMNS,
    failedKey: 'payments.ledger.loadFailed',
    empty: translate('payments.ledger.empty'),
    pageKey: `${query.page}|${query.perPage}`,
  });
  const { rows, busy } = pagedListRows(list);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('common.loading')} />}</Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('payments.ledger.label')} aria-busy={busy}>
          <TableHead>
            <TableRow>
              <SortableHeaderCell field="date" sort={sort} onSort={toggleSort}>
                {column('date')}
              </SortableHeaderCell>
              <TableCell sx={{ fontWeight: 600 }}>{column('description')}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {column('amount')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{column('actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {rows && rows.length > 0
              ? rows.map((row) => {
                  const expanded = open === row.id;
                  const detailsId = `ledger-earnings-${row.id}`;
                  return (
                    <Fragment key={row.id}>
                      <TableRow hover>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(row.date, locale)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{row.description}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                          {formatMoney(row.amount, row.currency, locale)}
                        </TableCell>
                        <TableCell>
                          {(row.kind === 'payment' || row.kind === 'earnings') && (
                            <Button
                              size="small"
                              aria-expanded={expanded}
                              aria-controls={expanded ? detailsId : undefined}
                              aria-label={translate('payments.ledger.earningsOf', { description: row.description })}
                              endIcon={expanded ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
                              onClick={() => setOpen(expanded ? null : row.id)}
                              sx={{ whiteSpace: 'nowrap' }}
                            >
                              {translate('payments.ledger.earnings')}
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                      {expanded && (
                        <TableRow>
                          <TableCell colSpan={COLUMNS} id={detailsId} sx={{ bgcolor: 'action.hover' }}>
                            <LedgerEarnings entryId={row.id} />
                          </TableCell>
                        </TableRow>
                      )}
                    </Fragment>
                  );
                })
              : placeholder}
          </TableBody>
        </Table>
      </Box>
      <UrlListPagination state={urlState} answer={list} label={translate('payments.ledger.pages')} />
    </Paper>
  );
}
