/**
 * The payment ledger of /payments/previous (spec sections 2, 3 'Payment ledger row', 9): date, description, amount
 * in the row's currency and the UI language's format, and actions; paged by the server (page 1, 20 rows, sizes
 * 10/20/50/100) and sorted by date, newest first, the header toggling the direction; page, size and order in the
 * address (usePagedList), a bookmarked page past the end showing the last page. The common table states
 * (ListTable): skeleton rows, then 'No payments found' 500 ms after an empty answer, or the load failure with a
 * retry.
 *
 * A payment or earnings row opens, below it, the earnings it is about per month and zone (LedgerEarnings), so a
 * payment can be checked against reporting without leaving the page. The CSV export is the whole ledger, made by
 * the server (exportPaymentLedger, the bearer token sent as for every call) and saved under its timestamped name.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DataTable, ListContextProvider, useDataProvider, useExpanded, useRecordContext } from 'react-admin';
import { ListPagination } from '../../components/list/ListPagination';
import { ListTable } from '../../components/list/ListTable';
import { usePagedList } from '../../components/list/usePagedList';
import { DownloadButton } from '../../components/DownloadButton';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import type { PaymentLedgerRecord } from '../../dataProvider/resources';
import { formatDay, formatMoney, formatMonth } from '../../i18n/formats';
import type { Locale } from '../../i18n/locales';
import type { Translate } from '../../i18n/translate';
import { useI18n } from '../../i18n/I18nContext';
import type { ListQueryDefaults } from '../../lib/listQuery';
import { LedgerEarnings } from './LedgerEarnings';

/** Spec section 9: payments start at page 1 with 20 rows; newest first. */
export const LEDGER_DEFAULTS: ListQueryDefaults = { page: 1, perPage: 20, sort: 'date', order: 'DESC' };
const SORT_FIELDS = ['date'] as const;
const Col = DataTable.Col<PaymentLedgerRecord>;
const hasEarnings = (row: PaymentLedgerRecord) => row.kind === 'payment' || row.kind === 'earnings';

/**
 * A payment or earnings row's 'Earnings' button: opens DataTable's expand panel below the row (one at a time). The
 * button says what it opens, so DataTable's own expand icon column is hidden (ListTable's sx below).
 */
function EarningsButton({ row }: { row: PaymentLedgerRecord }) {
  const { translate, locale } = useI18n();
  const [open, toggle] = useExpanded('paymentLedger', row.id, true);
  return (
    <Button
      size="small"
      aria-expanded={open}
      aria-controls={`paymentLedger-${row.id}-expand`}
      aria-label={translate('payments.ledger.earningsOf', { description: ledgerDescription(row, translate, locale) })}
      endIcon={open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
      onClick={toggle}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('payments.ledger.earnings')}
    </Button>
  );
}

function Earnings() {
  const row = useRecordContext<PaymentLedgerRecord>();
  return row ? (
    <Box sx={{ bgcolor: 'action.hover', py: 1 }}>
      <LedgerEarnings entryId={row.id} />
    </Box>
  ) : null;
}

/**
 * A ledger line in the user's language (issue 21): the standard lines by their key, with the month in the
 * language's words and the payment's reference; a line written by hand (no key) as the server has it.
 */
export function ledgerDescription(row: Pick<PaymentLedgerRecord, 'description' | 'descriptionKey' | 'reference' | 'month'>, translate: Translate, locale: Locale): string {
  if (row.descriptionKey === null) return row.description;
  return translate(`payments.ledger.descriptions.${row.descriptionKey}`, { month: formatMonth(row.month, locale), reference: row.reference ?? '', _: row.description });
}

export function LedgerExportButton({ publisherId }: { publisherId: number }) {
  const { translate } = useI18n();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <DownloadButton operation="exportPaymentLedger" download={() => dataProvider.exportPaymentLedger(publisherId)}>
      {translate('payments.export')}
    </DownloadButton>
  );
}

export function PaymentLedger() {
  const { translate, locale } = useI18n();
  const list = usePagedList<PaymentLedgerRecord>('paymentLedger', { defaults: LEDGER_DEFAULTS, sortFields: SORT_FIELDS });
  const column = (name: string) => translate(`payments.ledger.columns.${name}`);

  return (
    <ListContextProvider value={list}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {/* Cards on a phone: the amount is never cut off behind a sideways scroll (issue 21). */}
        <ListTable<PaymentLedgerRecord>
          label={translate('payments.ledger.label')}
          empty={translate('payments.ledger.empty')}
          failedKey="payments.ledger.loadFailed"
          stackBelow="sm"
          expand={<Earnings />}
          expandSingle
          isRowExpandable={hasEarnings}
          // The button says what it opens: no expand icon column; a closed panel's empty row is not drawn (DataTable
          // keeps one per expandable row).
          sx={{
            '& .RaDataTable-expandIconCell, & .RaDataTable-expandHeader': { display: 'none' },
            '& .RaDataTable-expandRow:has(> td:empty)': { display: 'none' },
          }}
        >
          <Col source="date" label={column('date')} sx={{ whiteSpace: 'nowrap' }} render={(row) => formatDay(row.date, locale)} />
          <Col label={column('description')} sx={{ overflowWrap: 'anywhere', minWidth: 160 }} render={(row) => ledgerDescription(row, translate, locale)} />
          <Col
            label={column('amount')}
            align="right"
            sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            render={(row) => formatMoney(row.amount, row.currency, locale)}
          />
          <Col label={column('actions')} data-stacked={false} render={(row) => hasEarnings(row) && <EarningsButton row={row} />} />
        </ListTable>
        <ListPagination label={translate('payments.ledger.pages')} />
      </Paper>
    </ListContextProvider>
  );
}
