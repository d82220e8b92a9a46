/**
 * /creatives/:creativeId (issue 28): one creative of the selected publisher over the period (`?period=`, as the
 * review's): a larger sandboxed preview, its facts and marks, the actions, where it served (zones, linked) and when
 * (days), and the same advertiser's other creatives (links). An id that names no creative of this publisher (missing
 * or another's: the server answers 404 for both) says so.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HttpError, useGetOne } from 'react-admin';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { useListReturnPath } from '../../components/list/useListUrlState';
import { PageLayout } from '../../components/PageLayout';
import { CREATIVE_PERIODS, type CreativeDetailRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { parseZoneId, paths } from '../../routes';
import { CreativeActions } from './CreativeActions';
import { CreativeFacts, CreativeMarks } from './CreativeFacts';
import { CreativePreview } from './CreativePreview';
import { CreativeServed, OtherCreatives } from './CreativeServed';
import { creativeName } from './creativeText';

const isNotFound = (error: unknown) => error instanceof HttpError && [400, 404].includes(error.status);

export function CreativePage() {
  const { creativeId } = useParams();
  const id = parseZoneId(creativeId);
  return id === null ? <CreativeNotFound /> : <CreativeScreen creativeId={id} />;
}

function BackButton() {
  const { translate } = useI18n();
  return (
    <Button component={RouterLink} to={useListReturnPath(paths.creatives)}>
      {translate('creatives.detail.back')}
    </Button>
  );
}

function CreativeNotFound() {
  const { translate } = useI18n();
  return (
    <PageLayout titleKey="creatives.detail.notFoundTitle" actions={<BackButton />}>
      <Typography>{translate('creatives.detail.notFound')}</Typography>
    </PageLayout>
  );
}

function CreativeScreen({ creativeId }: { creativeId: number }) {
  const { translate } = useI18n();
  const [params] = useSearchParams();
  const period = (CREATIVE_PERIODS as readonly string[]).find((days) => days === params.get('period'));
  const { data: creative, error, isPending, refetch } = useGetOne<CreativeDetailRecord>('creatives', { id: creativeId, meta: { period } });
  if (isPending) {
    return (
      <PageLayout titleKey="creatives.detail.loading">
        <LinearProgress aria-label={translate('common.loading')} />
      </PageLayout>
    );
  }
  if (creative === undefined) {
    if (isNotFound(error)) return <CreativeNotFound />;
    return (
      <PageLayout titleKey="creatives.detail.loading" actions={<BackButton />}>
        <LoadError onRetry={() => void refetch()} />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={creativeName(creative, translate)} actions={<BackButton />}>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        <Box sx={{ flex: '1 1 320px', minWidth: 0, maxWidth: 640 }}>
          <CreativePreview creative={creative} maxWidth={640} maxHeight={480} />
        </Box>
        <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography>{translate('creatives.detail.advertiser', { name: creative.advertiser.name })}</Typography>
          <CreativeMarks creative={creative} />
          <CreativeFacts creative={creative} currency={creative.currency} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <CreativeActions creative={creative} />
          </Box>
        </Box>
      </Paper>
      <CreativeServed creative={creative} />
      <OtherCreatives creative={creative} period={period} />
    </PageLayout>
  );
}
