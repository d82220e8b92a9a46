/**
 * The generated ads.txt / app-ads.txt text (spec section 2 'Account settings'): a toggle between the two views,
 * which show the same lines; two explanatory messages above the code block and one below; a copy button (toast
 * for 3000 ms); a loading overlay while the call runs; the general error with a retry when it failed (the
 * page shows the persistent notice too).
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { CodeBlock } from '../../components/CodeBlock';
import { CopyButton } from '../../components/CopyButton';
import { LoadError } from '../../components/LoadError';
import { SectionCard } from '../../components/SectionCard';
import { useI18n } from '../../i18n/I18nContext';
import type { AdsTxtFileKind } from '../../lib/adsTxtParse';

/** The toggle's views and their labels (catalog keys cannot hold the file names' dots). */
export const ADS_TXT_FILE_KINDS: Readonly<Record<AdsTxtFileKind, string>> = {
  'ads.txt': 'accountSettings.adsTxtPage.kinds.adsTxt',
  'app-ads.txt': 'accountSettings.adsTxtPage.kinds.appAdsTxt',
};

export interface AdsTxtLinesProps {
  kind: AdsTxtFileKind;
  onKindChange: (kind: AdsTxtFileKind) => void;
  /** The rendered lines; undefined until they arrive. */
  text: string | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

export function AdsTxtLines({ kind, onKindChange, text, loading, failed, onRetry }: AdsTxtLinesProps) {
  const { translate } = useI18n();
  const t = (key: string) => translate(`accountSettings.adsTxtPage.${key}`, { file: kind });
  return (
    <SectionCard
      title={t('linesTitle')}
      actions={<CopyButton text={text ?? ''} label={t('copy')} disabled={!text} />}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={kind}
        onChange={(_, value: AdsTxtFileKind | null) => value && onKindChange(value)}
        aria-label={translate('accountSettings.adsTxtPage.fileKind')}
        sx={{ mb: 2 }}
      >
        {Object.entries(ADS_TXT_FILE_KINDS).map(([value, labelKey]) => (
          <ToggleButton key={value} value={value} sx={{ textTransform: 'none', px: 2 }}>
            {translate(labelKey)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography sx={{ mb: 1 }}>{t(kind === 'ads.txt' ? 'whereAdsTxt' : 'whereAppAdsTxt')}</Typography>
      <Typography sx={{ mb: 2 }}>{t('instructions')}</Typography>
      {failed ? (
        <LoadError onRetry={onRetry} />
      ) : (
        <Box sx={{ position: 'relative', minHeight: 96 }} aria-busy={loading}>
          <CodeBlock label={t('codeLabel')}>{text ?? ''}</CodeBlock>
          {loading && (
            <Box
              sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(255, 255, 255, 0.7)', borderRadius: 1 }}
            >
              <CircularProgress aria-label={t('loading')} />
            </Box>
          )}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('footnote')}
      </Typography>
    </SectionCard>
  );
}
