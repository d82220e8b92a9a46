/**
 * What one ledger row is about (resource paymentEarnings): for a payment, every month whose earnings it pays;
 * for earnings, their month. Each month shows what the ledger posted for it, the revenue of reporting and that
 * revenue per zone, and says when reporting covers only part of the month (it keeps 180 days).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetOne } from 'react-admin';
import { LoadError } from '../../components/LoadError';
import type { PaymentEarningsRecord } from '../../dataProvider/resources';
import { formatMoney, formatMonth } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';

export function LedgerEarnings({ entryId }: { entryId: number }) {
  const { translate, locale } = useI18n();
  const earnings = useGetOne<PaymentEarningsRecord>('paymentEarnings', { id: entryId });
  if (earnings.isPending) return <LinearProgress aria-label={translate('common.loading')} />;
  if (earnings.isError) return <LoadError onRetry={() => void earnings.refetch()} />;
  const { currency, months } = earnings.data;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 1 }}>
      {months.map((month) => {
        const name = formatMonth(month.month, locale);
        return (
          <Box key={month.month} component="section" aria-label={name}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography variant="body2">
              {translate('payments.earnings.posted', { amount: money(month.ledgerAmount) })} ·{' '}
              {translate('payments.earnings.reported', { amount: money(month.reportRevenue) })}
            </Typography>
            {!month.complete && (
              <Alert severity="info" sx={{ my: 1 }}>
                {translate('payments.earnings.partial')}
              </Alert>
            )}
            {month.zones.length > 0 && (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={translate('payments.earnings.byZone', { month: name })} sx={{ maxWidth: 640 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ fontWeight: 600 }}>{translate('payments.earnings.zone')}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        {translate('payments.earnings.revenue')}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {month.zones.map((zone) => (
                      <TableRow key={zone.zoneId}>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{`${zone.name} (${zone.zoneId})`}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                          {money(zone.revenue)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
