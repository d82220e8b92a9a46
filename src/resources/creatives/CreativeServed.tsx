/** Where and when a creative served over the period (zones, linked; days), and its advertiser's other creatives (issue 28). */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CreativeDetailRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { paths, zonePaths } from '../../routes';
import { useRevenueFormat } from '../restrictions';
import { creativeName } from './creativeText';

function Figures({ title, first, rows, currency }: { title: string; first: string; currency: string; rows: { key: string; name: ReactNode; impressions: number; revenue: number }[] }) {
  const { translate } = useI18n();
  const format = useRevenueFormat(currency);
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, flex: '1 1 300px', minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Box tabIndex={0} role="region" aria-label={title} sx={{ maxHeight: 360, overflow: 'auto' }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{first}</TableCell>
              <TableCell align="right">{translate('creatives.facts.impressions')}</TableCell>
              <TableCell align="right">{translate('creatives.facts.revenue')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.name}</TableCell>
                <TableCell align="right">{format.count(row.impressions)}</TableCell>
                <TableCell align="right">{format.money(row.revenue)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

export function CreativeServed({ creative }: { creative: CreativeDetailRecord }) {
  const { translate } = useI18n();
  const format = useRevenueFormat(creative.currency);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Figures
        title={translate('creatives.detail.zones')}
        first={translate('creatives.detail.zone')}
        currency={creative.currency}
        rows={creative.zones.map((zone) => ({
          key: String(zone.zoneId),
          name: (
            <Link component={RouterLink} to={zonePaths.overview(zone.zoneId)} underline="always">
              {zone.name}
            </Link>
          ),
          impressions: zone.impressions,
          revenue: zone.revenue,
        }))}
      />
      <Figures
        title={translate('creatives.detail.days')}
        first={translate('creatives.detail.day')}
        currency={creative.currency}
        rows={creative.days.map((day) => ({ key: day.day, name: format.date(day.day), impressions: day.impressions, revenue: day.revenue }))}
      />
    </Box>
  );
}

export function OtherCreatives({ creative, period }: { creative: CreativeDetailRecord; period: string | undefined }) {
  const { translate } = useI18n();
  const title = translate('creatives.detail.others', { name: creative.advertiser.name });
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {creative.otherCreatives.length === 0 ? (
        <Typography color="text.secondary">{translate('creatives.detail.noOthers')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {creative.otherCreatives.map((other) => (
            <li key={other.id}>
              <Link component={RouterLink} to={`${paths.creative(other.id)}${period ? `?period=${period}` : ''}`} underline="always">
                {creativeName(other, translate)}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
