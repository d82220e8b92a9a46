/**
 * /zones/edit/{zoneId}/* (spec section 2 'Zones'): the zone's header and its tabs as routes, so every tab is a
 * bookmarkable address: overview (with overview/blocked-urls/create, the Block URLs modal), slots (with
 * slots/create, the slot request modal over the slots tab) and
 * blocking, and history (issue 12); /zones/edit/{id} itself and unknown tabs go to the overview.
 *
 * The zone is react-admin's `zones` getOne, so a rename here is what the zones list shows too. A zone that does
 * not exist and one of a publisher the user may not act for look the same (the server answers 404 for both): a
 * not-found state. A zone of another of the user's own publishers offers to work as that publisher instead.
 * Mounted by App.tsx under the zones route guard, so legacy just-premium publishers never reach it.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { HttpError, useGetOne } from 'react-admin';
import { Navigate, Route, Routes, useMatch, useParams } from 'react-router-dom';
import type { ZoneRecord } from '../../../dataProvider/resources';
import { useSession } from '../../../dataProvider/session';
import { useI18n } from '../../../i18n/I18nContext';
import { PageLayout } from '../../../components/PageLayout';
import { BlockingTab } from './BlockingTab';
import { HistoryTab } from './HistoryTab';
import { LoadError } from '../../../components/LoadError';
import { OverviewTab } from './overview/OverviewTab';
import { SlotsTab } from './slots/SlotsTab';
import { ZoneHeader } from './ZoneHeader';
import { isZoneTab, parseZoneId, zonePaths, type ZoneTab } from '../../../routes';
import { ZoneNotFound } from './ZoneNotFound';
import { ZoneOfOtherPublisher } from './ZoneOfOtherPublisher';
import { ZoneTabs } from './ZoneTabs';
import { useMayCall } from '../../../dataProvider/useMayCall';

export function ZoneEdit() {
  const { zoneId } = useParams();
  const id = parseZoneId(zoneId);
  return id === null ? <ZoneNotFound zoneId={zoneId ?? ''} /> : <ZoneEditScreen zoneId={id} />;
}

/** 400 (an id the server refuses), 403 and 404 all mean: no zone of yours by that id. */
const isNotFound = (error: unknown) => error instanceof HttpError && [400, 403, 404].includes(error.status);

function ZoneEditScreen({ zoneId }: { zoneId: number }) {
  const { translate } = useI18n();
  const panelId = useId();
  const { publisher, publishers } = useSession();
  // A viewer reads the zone: no rename, product or URL changes, no slot requests (the role table, zones 'edit').
  const canEdit = useMayCall('updateZone');
  const match = useMatch(zonePaths.patterns.tab);
  const tab: ZoneTab | null = isZoneTab(match?.params.tab) ? match.params.tab : null;
  const { data: zone, error, isPending, refetch } = useGetOne<ZoneRecord>('zones', { id: zoneId });
  // Only a zone that never loaded gives way to an error: when a later refetch fails (the server went away after a
  // rename) the page, its open fields and the notices' buttons stay, and the app says the data may be stale.

  if (isPending) {
    return (
      <PageLayout title={translate('zoneEdit.loading')}>
        <LinearProgress aria-label={translate('common.loading')} />
      </PageLayout>
    );
  }
  if (zone === undefined) {
    if (isNotFound(error)) return <ZoneNotFound zoneId={String(zoneId)} />;
    return (
      <PageLayout title={translate('zoneEdit.title', { id: zoneId })}>
        <LoadError onRetry={() => void refetch()} />
      </PageLayout>
    );
  }

  if (publisher && zone.publisherId !== publisher.id) {
    return <ZoneOfOtherPublisher zone={zone} current={publisher} publishers={publishers} />;
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 3 }}>
      <ZoneHeader zone={zone} editable={tab === 'overview' && canEdit} />
      <ZoneTabs zoneId={zoneId} current={tab} panelId={panelId} />
      <Box role="tabpanel" id={panelId} aria-labelledby={tab ? `${panelId}-${tab}` : undefined}>
        <Routes>
          <Route path="overview/*" element={<OverviewTab zone={zone} />} />
          <Route path="slots/*" element={<SlotsTab zone={zone} />} />
          <Route path="blocking/*" element={<BlockingTab zone={zone} />} />
          <Route path="history" element={<HistoryTab zone={zone} />} />
          <Route path="*" element={<Navigate to={zonePaths.edit(zoneId, 'overview')} replace />} />
        </Routes>
      </Box>
    </Box>
  );
}
