/**
 * What internal staff see instead of the password form (spec section 6): they cannot set a client's password,
 * and are told to guide the client to "Forgot your password?", with the address of that page to pass on.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../components/CopyButton';
import { useI18n } from '../../i18n/I18nContext';

export function StaffPasswordGuidance({ publisherName }: { publisherName: string }) {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`accountSettings.changePassword.${key}`, values);
  const forgotAddress = `${window.location.origin}/forgot`;
  return (
    <Alert severity="info" sx={{ maxWidth: 720 }}>
      <AlertTitle component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('staffTitle')}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('staffGuidance', { publisher: publisherName })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" component="span">
          {t('forgotAddress')}:
        </Typography>
        <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {forgotAddress}
        </Typography>
        <CopyButton text={forgotAddress} label={t('copyForgotAddress')} />
      </Box>
    </Alert>
  );
}
