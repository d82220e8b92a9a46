/**
 * /global-advertiser-blocks/* (spec section 2 'Blocking'): the publisher's own blocks, which apply to all of its
 * zones, with the modal routes below it. Mounted under its route guard, so legacy just-premium publishers never
 * reach it (spec section 6).
 */
import Typography from '@mui/material/Typography';
import { BlockingScreen } from './BlockingScreen';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { PageLayout } from '../../components/PageLayout';
import { paths } from '../../routes';

export function GlobalBlocksPage() {
  const { translate } = useI18n();
  const { publisher } = useSession();
  if (!publisher) return null;
  return (
    <PageLayout titleKey="blocking.title">
      <Typography color="text.secondary">{translate('blocking.intro', { publisher: publisher.name })}</Typography>
      <BlockingScreen scope={{ entity: 'publisher', entityId: publisher.id, publisherId: publisher.id, publisherName: publisher.name, basePath: paths.globalBlocks }} />
    </PageLayout>
  );
}
