/**
 * Exports every zone matching the list's search as CSV (not only the page on screen): pages of 100 read through
 * the data provider in the list's sort order, then one file named with a timestamp. The button shows the
 * progress while it runs; a failure shows the persistent general error (spec section 8); leaving the page stops
 * the export between pages.
 */
import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import type { ZoneListRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { useReferenceLabel } from '../../i18n/referenceLabels';
import { CSV_BOM, CSV_MIME, timestampedFileName } from '../../lib/csv';
import type { SortOrder } from '../../lib/listQuery';
import { useNotices } from '../../notices/NoticesProvider';
import { saveFile } from '../../components/saveFile';
import { collectAllZones, zonesCsv, type ExportProgress } from './zoneExport';

export interface ZoneExportButtonProps {
  search: string;
  sort: { field: string; order: SortOrder };
  /** Names the file. */
  publisherId: number;
}

export function ZoneExportButton({ search, sort, publisherId }: ZoneExportButtonProps) {
  const { translate } = useI18n();
  const referenceLabel = useReferenceLabel();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notices = useNotices();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  async function exportZones() {
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ done: 0, total: 0 });
    try {
      const zones = await collectAllZones<ZoneListRecord>(
        (page, perPage) =>
          dataProvider.getList<ZoneListRecord>('zones', {
            pagination: { page, perPage },
            sort,
            filter: search ? { q: search } : {},
            signal: controller.signal,
          }),
        setProgress,
        controller.signal,
      );
      const csv = zonesCsv(
        {
          id: translate('zones.list.columns.id'),
          name: translate('zones.list.columns.name'),
          products: translate('zones.list.columns.products'),
          slots: translate('zones.list.columns.slots'),
        },
        zones,
        (service) => referenceLabel('services', service),
      );
      saveFile({ blob: new Blob([CSV_BOM, csv], { type: CSV_MIME }), fileName: timestampedFileName(`zones-${publisherId}`) });
      notices.show({ key: 'zones.list.exported', values: { smart_count: zones.length }, context: 'success', endpointName: 'exportZones' });
    } catch (error) {
      if (controller.signal.aborted) return;
      notices.fail('exportZones', { error });
      console.error('Zone export failed', error);
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  }

  const running = progress !== null;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Button
      variant="outlined"
      // Not `disabled` while running: a disabled button drops the keyboard focus to the page.
      aria-disabled={running}
      onClick={() => {
        if (!running) void exportZones();
      }}
      startIcon={
        running ? <CircularProgress size={16} variant={percent > 0 ? 'determinate' : 'indeterminate'} value={percent} aria-hidden /> : <DownloadIcon />
      }
    >
      {running ? translate('zones.list.exporting', { percent }) : translate('zones.list.export')}
    </Button>
  );
}
