/** What a section shows when its data could not be loaded: the general error and a retry. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useI18n } from '../../../../i18n/I18nContext';

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { translate } = useI18n();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('zoneEdit.retry')}
        </Button>
      }
    >
      {translate('errorMessages.general')}
    </Alert>
  );
}
