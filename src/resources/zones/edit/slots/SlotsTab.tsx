/**
 * The zone's slots tab (spec section 2): 'All Slots (count)', the request button, the CSV export of the slots'
 * embed codes and the slots table. slots/create is the slot request modal over this tab, as a route, so it
 * can be bookmarked and the browser's Back closes it; closing it puts focus back on the request button.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Link, Route, Routes, useMatch, useNavigate } from 'react-router-dom';
import type { ZoneRecord } from '../../../../dataProvider/resources';
import { useI18n } from '../../../../i18n/I18nContext';
import { useNotices } from '../../../../layout/notifications/NoticesProvider';
import { saveFile } from '../common/saveFile';
import { SectionCard } from '../common/SectionCard';
import { zonePaths } from '../../zonePaths';
import { usePortalDataProvider, useSlots } from '../zoneQueries';
import { SlotRequestDialog } from './SlotRequestDialog';
import { SlotsTable } from './SlotsTable';

export function SlotsTab({ zone }: { zone: ZoneRecord }) {
  const { translate } = useI18n();
  const navigate = useNavigate();
  const notices = useNotices();
  const dataProvider = usePortalDataProvider();
  const zoneId = zone.trackingId;
  const slots = useSlots(zoneId);
  const [exporting, setExporting] = useState(false);
  const slotsPath = zonePaths.edit(zoneId, 'slots');
  const requesting = useMatch('/zones/edit/:zoneId/slots/create') !== null;

  const requestButton = useRef<HTMLAnchorElement>(null);
  const wasRequesting = useRef(requesting);
  useEffect(() => {
    // Also when the modal was opened from a bookmark, where no button opened it.
    if (wasRequesting.current && !requesting) requestButton.current?.focus();
    wasRequesting.current = requesting;
  }, [requesting]);

  async function exportCsv() {
    setExporting(true);
    try {
      saveFile(await dataProvider.exportSlotEmbedCodes(zoneId));
    } catch {
      notices.show({ key: 'errorMessages.general', context: 'danger', endpointName: 'exportSlotEmbedCodes', requestStatus: 'rejected', neverFade: true });
    } finally {
      setExporting(false);
    }
  }

  const count = slots.data?.length ?? zone.numberOfSlots;
  const title = translate('zoneEdit.slots.all', { count });
  return (
    <Box sx={{ pt: 1 }}>
      <SectionCard
        title={title}
        actions={
          <>
            <Button ref={requestButton} component={Link} to={zonePaths.edit(zoneId, 'slots/create')} variant="contained" startIcon={<AddIcon aria-hidden />}>
              {translate('zoneEdit.slots.request')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => void exportCsv()}
              disabled={exporting || !slots.isSuccess || slots.data.length === 0}
              startIcon={exporting ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon aria-hidden />}
            >
              {translate('zoneEdit.slots.export')}
            </Button>
          </>
        }
      >
        <SlotsTable slots={slots} label={title} />
      </SectionCard>
      <Routes>
        <Route
          path="create"
          element={<SlotRequestDialog zone={zone} existing={slots.data} onClose={() => navigate(slotsPath)} />}
        />
      </Routes>
    </Box>
  );
}
