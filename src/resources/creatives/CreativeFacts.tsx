/**
 * What the card and the creative's page both say of a creative (issue 28): its advertiser and domain, categories,
 * size and format, its figures over the period, and its marks (new since the last visit, blocked where).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { CreativeRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { useRevenueFormat } from '../restrictions';

export function CreativeMarks({ creative }: { creative: CreativeRecord }) {
  const { translate } = useI18n();
  const zones = creative.blockedZoneIds.length;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {creative.isNew && <Chip size="small" color="primary" label={translate('creatives.marks.new')} />}
      {creative.blockedGlobally && <Chip size="small" color="error" label={translate('creatives.marks.blockedEverywhere')} />}
      {zones > 0 && <Chip size="small" color="error" variant="outlined" label={translate('creatives.marks.blockedOnZones', { smart_count: zones })} />}
    </Box>
  );
}

export function CreativeFacts({ creative, currency }: { creative: CreativeRecord; currency: string | undefined }) {
  const { translate } = useI18n();
  const format = useRevenueFormat(currency);
  const fact = (label: string, value: string, wide = false) => (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
      {fact(translate('creatives.facts.domain'), creative.advertiserDomain)}
      {fact(translate('creatives.facts.size'), `${creative.size} · ${translate(`creatives.formats.${creative.format}`)}`)}
      {fact(translate('creatives.facts.impressions'), format.count(creative.impressions))}
      {fact(translate('creatives.facts.revenue'), format.money(creative.revenue))}
      {fact(translate('creatives.facts.categories'), creative.iabCategories.join(', ') || '–', true)}
    </Box>
  );
}
