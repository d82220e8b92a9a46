/**
 * The review's grid of preview cards (issue 28) over the list's ListContext, as react-admin's demo's poster grid:
 * a card per creative, in a list a screen reader counts. The states are ListTable's: a progress bar while a page
 * loads, the previous page dimmed, 'No creatives found' 500 ms after an empty answer, the failed first load with
 * a retry (NoRows).
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useListContext } from 'react-admin';
import { NoRows } from '../../components/list/ListTable';
import type { CreativeListMeta, CreativeRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { CreativeCard } from './CreativeCard';

export function CreativeGrid({ zoneId }: { zoneId?: number }) {
  const { translate } = useI18n();
  const { data, isPending, isFetching, meta } = useListContext<CreativeRecord>() as ReturnType<typeof useListContext<CreativeRecord>> & { meta?: CreativeListMeta };
  const stale = (useListContext() as { isPlaceholderData?: boolean }).isPlaceholderData === true;
  return (
    <Box aria-busy={isPending || stale}>
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('common.loading')} />}</Box>
      {!isPending && !data?.length ? (
        <NoRows empty={translate('creatives.list.empty')} failedKey="creatives.list.loadFailed" />
      ) : (
        <Box
          component="ul"
          aria-label={translate('creatives.list.label')}
          sx={{
            listStyle: 'none',
            m: 0,
            p: { xs: 1, sm: 2 },
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
            gap: 2,
            opacity: stale ? 0.6 : 1,
            transition: 'opacity 150ms',
          }}
        >
          {(data ?? []).map((creative) => (
            <Box component="li" key={creative.id} sx={{ minWidth: 0 }}>
              <CreativeCard creative={creative} currency={meta?.currency} zoneId={zoneId} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
