/**
 * The review step of every add dialog (issue 9): what will be blocked and what it earned this publisher (or this
 * zone) in the last 30 days, per item and all together (each advertiser counted once), in the publisher's
 * currency and the UI language's number format. When the figures cannot be read, the step says so and the block
 * can still be confirmed.
 */
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useGetList } from 'react-admin';
import type { RevenueAtStakeMeta, RevenueAtStakeRecord, RestrictionType } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { entityPath, type BlockingScope } from './scope';

export interface ReviewItem {
  type: RestrictionType;
  value: string;
  label: string;
}

export function useRevenueAtStake(scope: BlockingScope, items: readonly { type: RestrictionType; value: string }[], enabled = true) {
  const query = useGetList<RevenueAtStakeRecord>(
    'revenueAtStake',
    { filter: { ...entityPath(scope), items: items.map(({ type, value }) => ({ type, value })) } },
    { enabled: enabled && items.length > 0 },
  );
  return { ...query, stake: query.meta as RevenueAtStakeMeta | undefined };
}

export function useRevenueFormat(currency: string | undefined) {
  const { locale } = useI18n();
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: currency ?? 'USD' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    money: (value: number) => money.format(value),
    percent: (value: number) => percent.format(value),
    count: (value: number) => count.format(value),
    date: (iso: string) => date.format(new Date(`${iso}T00:00:00Z`)),
  };
}

export function RevenueReview({ scope, items, removals = [] }: { scope: BlockingScope; items: readonly ReviewItem[]; removals?: readonly string[] }) {
  const { translate } = useI18n();
  const revenue = useRevenueAtStake(scope, items);
  const format = useRevenueFormat(revenue.stake?.currency);
  const byId = new Map((revenue.data ?? []).map((row) => [row.id, row]));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {items.length > 0 && (
        <Typography>
          {revenue.stake
            ? translate(scope.entity === 'zone' ? 'blocking.review.introZone' : 'blocking.review.intro', {
                smart_count: items.length,
                from: format.date(revenue.stake.from),
                to: format.date(revenue.stake.to),
              })
            : translate('blocking.review.toBlock', { smart_count: items.length })}
        </Typography>
      )}
      {revenue.isPending && items.length > 0 && <LinearProgress aria-label={translate('blocking.review.loading')} />}
      {revenue.isError && <Alert severity="warning">{translate('blocking.review.unavailable')}</Alert>}
      {items.length > 0 && (
        <Box tabIndex={0} sx={{ maxHeight: 320, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label={translate('blocking.review.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{translate('blocking.review.item')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>{translate('blocking.review.revenue')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>{translate('blocking.review.share')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>{translate('blocking.review.impressions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => {
                const row = byId.get(`${item.type}:${item.value}`);
                return (
                  <TableRow key={`${item.type}:${item.value}`}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.label}</TableCell>
                    <TableCell align="right">{row ? format.money(row.revenue) : '–'}</TableCell>
                    <TableCell align="right">{row ? format.percent(row.revenueShare) : '–'}</TableCell>
                    <TableCell align="right">{row ? format.count(row.impressions) : '–'}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
            {revenue.stake && (
              <TableFooter>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600, color: 'text.primary' }}>{translate('blocking.review.sum')}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>{format.money(revenue.stake.sum.revenue)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>{format.percent(revenue.stake.sum.revenueShare)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>{format.count(revenue.stake.sum.impressions)}</TableCell>
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </Box>
      )}
      {removals.length > 0 && (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{translate('blocking.review.toUnblock', { smart_count: removals.length })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {removals.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
