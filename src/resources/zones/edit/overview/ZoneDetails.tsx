/**
 * Where the zone runs: its web domains (wildcard form) or its app-store URLs, read-only (a zone's domains are
 * set when it is requested and reviewed by the network).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ZoneRecord } from '../../../../dataProvider/resources';
import { useI18n } from '../../../../i18n/I18nContext';
import { ZONE_TYPE } from '../../../../lib/products';
import { SectionCard } from '../../../../components/SectionCard';

export function ZoneDetails({ zone }: { zone: ZoneRecord }) {
  const { translate } = useI18n();
  const app = zone.typeId === ZONE_TYPE.app;
  const entries = app ? zone.appStoreUrls : zone.domains;
  const title = translate(app ? 'zoneEdit.details.appStoreUrls' : 'zoneEdit.details.domains');
  return (
    <SectionCard title={title}>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{translate('zoneEdit.details.none')}</Typography>
      ) : (
        <Box component="ul" aria-label={title} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {entries.map((entry) => (
            <Typography component="li" key={entry} sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
              {entry}
            </Typography>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
