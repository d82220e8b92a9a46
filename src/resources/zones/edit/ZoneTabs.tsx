/**
 * The zone's tabs as links (each tab is an address: bookmarkable, opens in a new tab with the middle button).
 * MUI Tabs gives the tablist semantics and arrow-key movement; Enter follows the link.
 */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router-dom';
import { useI18n } from '../../../i18n/I18nContext';
import { ZONE_TABS, zonePaths, type ZoneTab } from '../../../routes';

export interface ZoneTabsProps {
  zoneId: number;
  current: ZoneTab | null;
  /** The tab panel's id; each tab's id is `${panelId}-${tab}`. */
  panelId: string;
}

export function ZoneTabs({ zoneId, current, panelId }: ZoneTabsProps) {
  const { translate } = useI18n();
  return (
    <Tabs
      value={current ?? false}
      aria-label={translate('zoneEdit.tabs.label')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {ZONE_TABS.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          id={`${panelId}-${tab}`}
          aria-controls={panelId}
          label={translate(`zoneEdit.tabs.${tab}`)}
          component={Link}
          to={zonePaths.edit(zoneId, tab)}
          sx={{ textTransform: 'none', fontWeight: 600 }}
        />
      ))}
    </Tabs>
  );
}
