/**
 * 'Staging' or 'Development' in the header so nobody mistakes a test portal for the real one; nothing in
 * production (spec section 2, rule in src/lib/publisherRules.ts).
 */
import Chip from '@mui/material/Chip';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { useI18n } from '../i18n/I18nContext';
import { environmentBannerKey } from '../lib/publisherRules';

export function EnvironmentBanner() {
  const { translate } = useI18n();
  const key = environmentBannerKey(getRuntimeConfig().environment);
  if (key === null) return null;
  return (
    <Chip
      label={translate(key)}
      aria-label={`${translate('layout.environment.label')}: ${translate(key)}`}
      sx={{ bgcolor: '#fff3cd', color: '#5c4200', fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.5 }}
      size="small"
    />
  );
}
