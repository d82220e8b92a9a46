/**
 * The zone's slots tab (spec section 2): 'All Slots (count)', the request button, the CSV export of the slots'
 * embed codes and the slots table. slots/create is the slot request modal over this tab, as a route, so it
 * can be bookmarked and the browser's Back closes it; closing it puts focus back on the request button.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useDataProvider, useGetList } from 'react-admin';
import { Link, Navigate, Route, Routes, useMatch, useNavigate } from 'react-router-dom';
import { DownloadButton } from '../../../../components/DownloadButton';
import { SectionCard } from '../../../../components/SectionCard';
import type { PortalDataProvider } from '../../../../dataProvider/dataProvider';
import type { SlotRecord, ZoneRecord } from '../../../../dataProvider/resources';
import { useI18n } from '../../../../i18n/I18nContext';
import { zonePaths } from '../../../../routes';
import { SlotRequestDialog } from './SlotRequestDialog';
import { SlotsTable } from './SlotsTable';
import { useMayCall } from '../../../../dataProvider/useMayCall';

export function SlotsTab({ zone }: { zone: ZoneRecord }) {
  const { translate } = useI18n();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const zoneId = zone.trackingId;
  const slots = useGetList<SlotRecord>('slots', { filter: { zoneId } });
  const slotsPath = zonePaths.edit(zoneId, 'slots');
  const requesting = useMatch(zonePaths.patterns.slotRequest) !== null;

  const requestButton = useRef<HTMLAnchorElement>(null);
  const canRequest = useMayCall('requestSlots');
  const wasRequesting = useRef(requesting);
  useEffect(() => {
    // Also when the modal was opened from a bookmark, where no button opened it.
    if (wasRequesting.current && !requesting) requestButton.current?.focus();
    wasRequesting.current = requesting;
  }, [requesting]);

  const count = slots.data?.length ?? zone.numberOfSlots;
  const title = translate('zoneEdit.slots.all', { count });
  return (
    <Box sx={{ pt: 1 }}>
      <SectionCard
        title={title}
        actions={
          <>
            {canRequest && (
              <Button ref={requestButton} component={Link} to={zonePaths.edit(zoneId, 'slots/create')} variant="contained" startIcon={<AddIcon aria-hidden />}>
                {translate('zoneEdit.slots.request')}
              </Button>
            )}
            <DownloadButton
              operation="exportSlotEmbedCodes"
              download={() => dataProvider.exportSlotEmbedCodes(zoneId)}
              disabled={!slots.isSuccess || slots.data.length === 0}
            >
              {translate('zoneEdit.slots.export')}
            </DownloadButton>
          </>
        }
      >
        <SlotsTable slots={slots} label={title} />
      </SectionCard>
      <Routes>
        <Route
          path="create"
          element={canRequest ? <SlotRequestDialog zone={zone} existing={slots.data} onClose={() => navigate(slotsPath)} /> : <Navigate to={slotsPath} replace />}
        />
      </Routes>
    </Box>
  );
}
