/**
 * The verdict on every line of a pasted list of URLs (src/lib/blockedUrls.ts parseBlockedUrlList): will be
 * blocked (as what will be saved, when that is not what was typed: a non-ASCII host or path is saved punycoded
 * and percent-encoded), invalid with its reason, repeated in the paste, or already blocked. Lines that are not sent are
 * named with their line number, so a long paste can be fixed where it went wrong.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import RemoveCircleIcon from '@mui/icons-material/RemoveCircleOutline';
import { useI18n } from '../../../../i18n/I18nContext';
import { BLOCKED_URL_LIST_KEYS, BLOCKED_URL_REASON_KEYS, type BlockedUrlLine } from '../../../../lib/blockedUrls';

/** The form a line will be saved in, when it is not what was typed (punycode, percent-encoding, case). */
export function savedFormOf(line: BlockedUrlLine): string | null {
  return line.status === 'ok' && line.value !== undefined && line.value !== line.input ? line.value : null;
}

export function lineMessageKey(line: BlockedUrlLine): string {
  switch (line.status) {
    case 'ok':
      return savedFormOf(line) === null ? 'zoneEdit.blockedUrls.lineOk' : 'zoneEdit.blockedUrls.lineOkAs';
    case 'invalid':
      return BLOCKED_URL_REASON_KEYS[line.reason ?? 'notUrl'];
    case 'duplicate':
      return BLOCKED_URL_LIST_KEYS.duplicate;
    case 'alreadyBlocked':
      return BLOCKED_URL_LIST_KEYS.alreadyBlocked;
  }
}

const ICONS = {
  ok: <CheckCircleIcon fontSize="small" color="success" aria-hidden />,
  invalid: <ErrorIcon fontSize="small" color="error" aria-hidden />,
  duplicate: <RemoveCircleIcon fontSize="small" color="action" aria-hidden />,
  alreadyBlocked: <RemoveCircleIcon fontSize="small" color="action" aria-hidden />,
} as const;

export interface BlockedUrlLineResultsProps {
  lines: readonly BlockedUrlLine[];
  /** Accessible name of the list. */
  label: string;
  id?: string;
}

export function BlockedUrlLineResults({ lines, label, id }: BlockedUrlLineResultsProps) {
  const { translate } = useI18n();
  return (
    <Box
      component="ul"
      id={id}
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 240, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 0.5 }}
      tabIndex={0}
    >
      {lines.map((line) => {
        const savedForm = savedFormOf(line);
        return (
          <Box component="li" key={line.line} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ pt: '2px' }}>{ICONS[line.status]}</Box>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {translate('zoneEdit.blockedUrls.lineNumber', { line: line.line })}{' '}
              <Box component="code" sx={{ fontFamily: 'monospace' }}>
                {line.input}
              </Box>
              {' — '}
              <Box component="span" sx={{ color: line.status === 'invalid' ? 'error.main' : line.status === 'ok' ? 'success.main' : 'text.secondary', fontWeight: 600 }}>
                {translate(lineMessageKey(line))}
              </Box>
              {savedForm !== null && (
                <>
                  {' '}
                  <Box component="code" sx={{ fontFamily: 'monospace' }}>
                    {savedForm}
                  </Box>
                </>
              )}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
