/**
 * A zone id that names no zone of the current publisher (missing and foreign zones both answer 404, so the
 * screen cannot and must not tell them apart).
 */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useListReturnPath } from '../../../components/list/useListUrlState';
import { useI18n } from '../../../i18n/I18nContext';
import { PageLayout } from '../../../components/PageLayout';
import { zonePaths } from '../../../routes';

export function ZoneNotFound({ zoneId }: { zoneId: string }) {
  const { translate } = useI18n();
  // The list as the user left it: its page, size, sort and search.
  const backToList = useListReturnPath(zonePaths.list);
  return (
    <PageLayout title={translate('zoneEdit.notFound.title')}>
      <Typography>{translate('zoneEdit.notFound.message', { id: zoneId })}</Typography>
      <div>
        <Button component={Link} to={backToList} variant="contained">
          {translate('zoneEdit.backToZones')}
        </Button>
      </div>
    </PageLayout>
  );
}
