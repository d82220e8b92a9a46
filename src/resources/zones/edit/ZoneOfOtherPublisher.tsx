/**
 * A zone the user may open, but of another of their publishers than the one they work as (a bookmark, a link
 * from a colleague). The screen shows zones of the current publisher only, like the zones list and the menu;
 * it names the zone's publisher and offers to work as it, which shows the zone right here. Staff, whose
 * session lists no publishers, go through the chooser.
 */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import type { ZoneRecord } from '../../../dataProvider/resources';
import { session, type Publisher } from '../../../dataProvider/session';
import { useListReturnPath } from '../../../components/list/useListUrlState';
import { useI18n } from '../../../i18n/I18nContext';
import { PageLayout } from '../../../components/PageLayout';
import { paths, zonePaths } from '../../../routes';

export interface ZoneOfOtherPublisherProps {
  zone: ZoneRecord;
  current: Publisher;
  publishers: readonly Publisher[];
}

export function ZoneOfOtherPublisher({ zone, current, publishers }: ZoneOfOtherPublisherProps) {
  const { translate } = useI18n();
  // The list as the user left it: its page, size, sort and search.
  const backToList = useListReturnPath(zonePaths.list);
  const owner = publishers.find((candidate) => candidate.id === zone.publisherId);
  return (
    <PageLayout title={translate('zoneEdit.otherPublisher.title')}>
      <Typography>
        {owner
          ? translate('zoneEdit.otherPublisher.message', { id: zone.trackingId, owner: owner.name, current: current.name })
          : translate('zoneEdit.otherPublisher.unknownOwner', { id: zone.trackingId, current: current.name })}
      </Typography>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {owner ? (
          <Button variant="contained" onClick={() => session.setPublisher(owner)}>
            {translate('zoneEdit.otherPublisher.workAs', { name: owner.name })}
          </Button>
        ) : (
          <Button variant="contained" component={Link} to={paths.browse}>
            {translate('menu.changePublisher')}
          </Button>
        )}
        <Button component={Link} to={backToList}>
          {translate('zoneEdit.backToZones')}
        </Button>
      </div>
    </PageLayout>
  );
}
