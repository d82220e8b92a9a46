/**
 * /account-settings/api-keys (issue 29): the selected publisher's API keys, for its admins and network staff (the
 * role table's listApiKeys; not for the legacy just-premium product, as the team is not). What a key is for, how
 * a program sends it, and that a key outlives its maker's membership until revoked; then the keys (ApiKeyList)
 * with 'Create key' for admins only: staff list and revoke but never create (canAccess NOT_FOR_STAFF; the server
 * answers them 403 anyway).
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import AddIcon from '@mui/icons-material/Add';
import { PageLayout } from '../../components/PageLayout';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { useSession } from '../../dataProvider/session';
import { useMayCall } from '../../dataProvider/useMayCall';
import { useI18n } from '../../i18n/I18nContext';
import { ApiKeyList } from './ApiKeyList';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

export function ApiKeysPage() {
  const { translate } = useI18n();
  const { publisher, token } = useSession();
  const canCreate = useMayCall('createApiKey');
  const [creating, setCreating] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);
  if (publisher === null || token === null) return null;
  const close = () => {
    setCreating(false);
    requestAnimationFrame(() => createButton.current?.focus());
  };
  return (
    <PageLayout
      titleKey="apiKeys.title"
      actions={
        canCreate && (
          <Button ref={createButton} variant="contained" startIcon={<AddIcon aria-hidden />} onClick={() => setCreating(true)}>
            {translate('apiKeys.create.open')}
          </Button>
        )
      }
    >
      <Typography>{translate('apiKeys.intro', { publisher: publisher.name })}</Typography>
      <Typography>
        {translate('apiKeys.usage')}{' '}
        <Link href={`${getRuntimeConfig().apiBaseUrl}/api-docs`} target="_blank" rel="noopener" underline="always">
          {translate('apiKeys.docs')}
          <Box component="span" sx={visuallyHidden}>
            {` ${translate('layout.footer.opensInNewTab')}`}
          </Box>
        </Link>
      </Typography>
      <Alert severity="info" role="note">
        {translate('apiKeys.makerLeaves')}
      </Alert>
      {token.isInternal && (
        <Alert severity="info" role="note">
          {translate('apiKeys.staffNote', { publisher: publisher.name })}
        </Alert>
      )}
      <ApiKeyList />
      {creating && <CreateApiKeyDialog onClose={close} />}
    </PageLayout>
  );
}
