/** One creative of the review's grid (issue 28): its preview, facts and marks, a link to its page, and its actions. */
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useListContext } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { CreativeRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { paths } from '../../routes';
import { CreativeActions } from './CreativeActions';
import { CreativeFacts, CreativeMarks } from './CreativeFacts';
import { CreativePreview } from './CreativePreview';
import { creativeName } from './creativeText';

export function CreativeCard({ creative, currency, zoneId }: { creative: CreativeRecord; currency: string | undefined; zoneId?: number }) {
  const { translate } = useI18n();
  const { search } = useLocation();
  const { setFilters } = useListContext();
  const period = new URLSearchParams(search).get('period');
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <CreativePreview creative={creative} maxWidth={300} maxHeight={200} />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={`${paths.creative(creative.id)}${period ? `?period=${period}` : ''}`} underline="always" color="inherit">
            {creativeName(creative, translate)}
          </Link>
        </Typography>
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="always"
          sx={{ alignSelf: 'flex-start', textAlign: 'left' }}
          onClick={() => setFilters({ advertiserId: String(creative.advertiser.id) })}
          aria-label={translate('creatives.filters.byAdvertiserLabel', { name: creative.advertiser.name })}
        >
          {translate('creatives.filters.byAdvertiser')}
        </Link>
        <CreativeMarks creative={creative} />
        <CreativeFacts creative={creative} currency={currency} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <CreativeActions creative={creative} zoneId={zoneId} />
      </CardActions>
    </Card>
  );
}
