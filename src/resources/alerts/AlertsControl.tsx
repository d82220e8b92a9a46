/**
 * The header's alerts control (issue 23): a link to the alerts page with the signed-in user's unread count for the
 * selected publisher, read through a resource (alertSummaries, id = the publisher), again every 5 minutes and when
 * the window gets the focus back. It counts both kinds the alerts page lists, revenue drops and the ads.txt
 * monitor's alerts (issue 27), so it is named "Alerts", as the page is. A polite live region says when the count grows: a new alert arrived while the
 * page was open (not on the first load, nor when it falls).
 */
import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { visuallyHidden } from '@mui/utils';
import { useGetOne } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AlertSummaryRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { paths } from '../../routes';

/** How often the count is read again while the page stays open. */
export const ALERT_COUNT_REFRESH_MS = 5 * 60_000;


export function AlertsControl() {
  const { translate } = useI18n();
  const publisherId = useSession().publisher?.id;
  const summary = useGetOne<AlertSummaryRecord>(
    'alertSummaries',
    { id: publisherId ?? 0 },
    { enabled: publisherId !== undefined, refetchInterval: ALERT_COUNT_REFRESH_MS, refetchOnWindowFocus: true },
  );
  const unread = summary.data?.id === publisherId ? summary.data?.unread : undefined;
  // The count last seen for this publisher: a larger one is news to announce; the first one, or another publisher's, is not.
  const [seen, setSeen] = useState<{ publisherId: number | undefined; unread: number | undefined }>({ publisherId, unread });
  const [announcement, setAnnouncement] = useState('');
  if (seen.publisherId !== publisherId || seen.unread !== unread) {
    const grew = seen.publisherId === publisherId && seen.unread !== undefined && unread !== undefined && unread > seen.unread;
    setSeen({ publisherId, unread });
    setAnnouncement(grew ? translate('alerts.control.announce', { smart_count: unread - seen.unread! }) : '');
  }
  if (publisherId === undefined) return null;
  const label = unread ? translate('alerts.control.unread', { smart_count: unread }) : translate('alerts.control.none');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <IconButton color="inherit" component={RouterLink} to={paths.alerts} aria-label={label} title={label}>
        <Badge badgeContent={unread ?? 0} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
