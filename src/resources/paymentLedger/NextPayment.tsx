/**
 * Next payment at a glance, above the ledger: the balance earned and not yet paid, and the date and amount of the
 * next payment under the net-60 and minimum-balance rules, or why none is due yet (computed by the server from the
 * ledger and the report rows, in the publisher's currency: resource nextPayment).
 */
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetOne } from 'react-admin';
import { LoadError } from '../../components/LoadError';
import { SectionCard } from '../../components/SectionCard';
import type { NextPaymentRecord } from '../../dataProvider/resources';
import { formatDay, formatMoney, formatMonth } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';

export function NextPayment({ publisherId }: { publisherId: number }) {
  const { translate, locale } = useI18n();
  const next = useGetOne<NextPaymentRecord>('nextPayment', { id: publisherId });
  const title = translate('payments.next.title');
  if (next.isPending) {
    return (
      <SectionCard title={title}>
        <Skeleton variant="text" width="40%" aria-label={translate('common.loading')} />
        <Skeleton variant="text" width="60%" />
      </SectionCard>
    );
  }
  if (next.isError) {
    return (
      <SectionCard title={title}>
        <LoadError onRetry={() => void next.refetch()} />
      </SectionCard>
    );
  }
  const { currency, balance, unpostedEarnings, status, payment, minimumBalance } = next.data;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  /** 'October 2026', or 'September 2026 – October 2026' for a payment that pays several months. */
  const period = (months: readonly string[]) => [...new Set([months[0], months.at(-1)])].flatMap((m) => (m ? [formatMonth(m, locale)] : [])).join(' – ');
  return (
    <SectionCard title={title}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <div>
          <Typography variant="body2" color="text.secondary">
            {translate('payments.next.balance')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {money(balance)}
          </Typography>
          {unpostedEarnings > 0 && (
            <Typography variant="body2" color="text.secondary">
              {translate('payments.next.unposted', { amount: money(unpostedEarnings) })}
            </Typography>
          )}
        </div>
        <div>
          <Typography variant="body2" color="text.secondary">
            {translate('payments.next.upcoming')}
          </Typography>
          {payment ? (
            <>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                {translate('payments.next.scheduled', { amount: money(payment.amount), date: formatDay(payment.date, locale) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('payments.next.scheduledFor', { months: period(payment.months) })}
                {payment.estimated && ` ${translate('payments.next.estimated', { month: period(payment.months.slice(-1)) })}`}
              </Typography>
            </>
          ) : (
            <Typography sx={{ mt: 0.5 }}>
              {status === 'BELOW_MINIMUM' ? translate('payments.next.belowMinimum', { minimum: money(minimumBalance) }) : translate('payments.next.nothingDue')}
            </Typography>
          )}
        </div>
      </Box>
    </SectionCard>
  );
}
