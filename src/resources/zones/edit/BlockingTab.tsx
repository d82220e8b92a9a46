/**
 * The zone's blocking tab (/zones/edit/{zoneId}/blocking/*, spec section 2 'Zones'): the three blocking sections
 * scoped to the zone, its publisher's blocks marked Global (not removable here), and the 'Hide Global Blocks'
 * toggle, kept in the address (?hideGlobal=true) so a bookmark or Back keeps it.
 */
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSearchAddress } from '../../../components/useSearchAddress';
import { BlockingScreen } from '../../restrictions';
import type { ZoneRecord } from '../../../dataProvider/resources';
import { useSession } from '../../../dataProvider/session';
import { useI18n } from '../../../i18n/I18nContext';
import { zonePaths } from '../../../routes';

const HIDE_GLOBAL = 'hideGlobal';

export function BlockingTab({ zone }: { zone: ZoneRecord }) {
  const { translate } = useI18n();
  const address = useSearchAddress();
  const hideGlobal = address.shown.get(HIDE_GLOBAL) === 'true';
  const { publisher } = useSession();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {translate('zoneEdit.blocking.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={hideGlobal}
              onChange={(event) => {
                // On the address last written: a list's page or search still on its way is kept.
                const next = address.latest();
                if (event.target.checked) next.set(HIDE_GLOBAL, 'true');
                else next.delete(HIDE_GLOBAL);
                address.write(next, true);
              }}
            />
          }
          label={translate('blocking.hideGlobalBlocks')}
        />
      </Box>
      <Typography color="text.secondary">{translate('blocking.zoneIntro')}</Typography>
      <BlockingScreen
        scope={{
          entity: 'zone',
          entityId: zone.trackingId,
          publisherId: zone.publisherId,
          // ZoneEdit shows a zone only to the tab working as its publisher.
          publisherName: publisher?.name ?? '',
          zoneName: zone.name,
          basePath: zonePaths.edit(zone.trackingId, 'blocking'),
        }}
        hideGlobal={hideGlobal}
      />
    </Box>
  );
}
