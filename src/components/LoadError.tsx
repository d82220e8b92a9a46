/**
 * What a screen or a section shows when its data could not be loaded or it failed to draw: the general error
 * (spec section 8) and a way to try again. PageErrorBoundary uses it too, with 'Reload'.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useI18n } from '../i18n/I18nContext';

export interface LoadErrorProps {
  onRetry: () => void;
  /** i18n key of the message; default the general error. */
  messageKey?: string;
  /** i18n key of the button; default 'Try again'. */
  retryKey?: string;
  sx?: SxProps<Theme>;
}

export function LoadError({ onRetry, messageKey = 'errorMessages.general', retryKey = 'common.retry', sx }: LoadErrorProps) {
  const { translate } = useI18n();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate(retryKey)}
        </Button>
      }
    >
      {translate(messageKey)}
    </Alert>
  );
}
