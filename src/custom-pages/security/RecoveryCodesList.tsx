/** The 10 recovery codes, shown once (issue 22), with copy and download as a text file. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../components/CopyButton';
import { saveFile } from '../../components/saveFile';
import { useI18n } from '../../i18n/I18nContext';

export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  const { translate } = useI18n();
  const text = codes.join('\n');
  return (
    <>
      <Typography>{translate('security.recovery.intro')}</Typography>
      <Box
        component="ul"
        aria-label={translate('security.recovery.listLabel')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8.5em, 1fr))',
          gap: 1,
          listStyle: 'none',
          m: 0,
          p: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <CopyButton text={text} label={translate('security.recovery.copy')}>{translate('security.recovery.copy')}</CopyButton>
        <Button variant="outlined" onClick={() => saveFile({ blob: new Blob([`${text}\n`], { type: 'text/plain' }), fileName: 'publisher-portal-recovery-codes.txt' })}>
          {translate('security.recovery.download')}
        </Button>
      </Box>
    </>
  );
}
