/**
 * Blocking URLs on the zone (spec section 5 'Blocked URLs'): one or many full http/https URLs with a public host,
 * one per line, as Image URL or Page URL (both evaluated with CONTAINS). Every line is checked as it is typed
 * or pasted; only the valid new lines are sent, and the lines left out are listed with the reason, so one bad
 * line does not sink a long paste. Submit is disabled while the field is empty; when every line is already
 * blocked the spec's 'URLs already blocked' message shows and nothing is sent.
 *
 * A failed call keeps the dialog open with everything typed. When some lines were skipped, the dialog stays
 * after success too: it reports what was added and what was skipped, and keeps only the invalid lines in the
 * field, ready to be corrected.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { apiErrorCode } from '../../../../dataProvider/client';
import type { components } from '../../../../dataProvider/schema';
import { useI18n } from '../../../../i18n/I18nContext';
import { useNotices } from '../../../../layout/notifications/NoticesProvider';
import { NOTICE_OPERATIONS } from '../../../../layout/notifications/operations';
import {
  BLOCKED_URL_LIST_KEYS,
  BLOCKED_URL_REASON_KEYS,
  filterPatternParams,
  parseBlockedUrlList,
  URL_TYPE_LABEL_KEYS,
  URL_TYPES,
  type BlockedUrlLine,
  type UrlType,
} from '../../../../lib/blockedUrls';
import { MAX_BLOCKED_URLS_PER_REQUEST } from '../../../../lib/limits';
import { invalidateZoneTags, usePortalDataProvider } from '../zoneQueries';
import { BlockedUrlLineResults } from './BlockedUrlLineResults';

type Pattern = components['schemas']['AssetUrlFilterPattern'];

/** Spec section 8: 'URLs already blocked' is a danger toast of 3 seconds. */
const ALREADY_BLOCKED_MS = 3000;

interface Outcome {
  added: number;
  skipped: BlockedUrlLine[];
}

export interface AddBlockedUrlsDialogProps {
  zoneId: number;
  existing: readonly Pattern[];
  onClose: () => void;
}

export function AddBlockedUrlsDialog({ zoneId, existing, onClose }: AddBlockedUrlsDialogProps) {
  const { translate } = useI18n();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const titleId = useId();
  const [urlType, setUrlType] = useState<UrlType>('PAGE');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The notice surface is hidden from screen readers while a modal is open, so errors are repeated here.
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const lines = useMemo(() => parseBlockedUrlList(text, existing.map((pattern) => pattern.pattern)), [text, existing]);
  const ready = lines.filter((line) => line.status === 'ok');
  const invalidLines = lines.filter((line) => line.status === 'invalid');
  const tooMany = ready.length > MAX_BLOCKED_URLS_PER_REQUEST;
  const flagged = touched && invalidLines.length > 0;
  const showLines = lines.length > 1 || lines.some((line) => line.status !== 'ok');

  const alreadyBlocked = () => {
    setErrorKey(BLOCKED_URL_LIST_KEYS.alreadyBlocked);
    notices.show({
      key: BLOCKED_URL_LIST_KEYS.alreadyBlocked,
      context: 'danger',
      endpointName: NOTICE_OPERATIONS.addBlockedUrls.endpointName,
      requestStatus: 'rejected',
      msToClose: ALREADY_BLOCKED_MS,
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setErrorKey(null);
    if (ready.length === 0) {
      if (invalidLines.length === 0 && lines.some((line) => line.status === 'alreadyBlocked')) alreadyBlocked();
      return;
    }
    if (tooMany) return;
    const values = ready.map((line) => line.value ?? line.input);
    setSaving(true);
    try {
      await notices.run(NOTICE_OPERATIONS.addBlockedUrls, () =>
        dataProvider.addBlockedUrls(zoneId, { zoneAssetUrlFilterPatternParamList: filterPatternParams(values, urlType) }),
      );
    } catch (error) {
      setSaving(false);
      setErrorKey('errorMessages.general');
      if (apiErrorCode(error) === 'ALREADY_EXISTS') {
        // Someone blocked some of them meanwhile: say so, and refresh the list so the lines show which.
        alreadyBlocked();
        void invalidateZoneTags(queryClient, zoneId, ['Zone Blocked URLs']);
      }
      return;
    }
    void invalidateZoneTags(queryClient, zoneId, ['Zone Blocked URLs']);
    setSaving(false);
    const skipped = lines.filter((line) => line.status !== 'ok');
    if (skipped.length === 0) {
      onClose();
      return;
    }
    setOutcome({ added: ready.length, skipped });
    setText(invalidLines.map((line) => line.input).join('\n'));
    setTouched(false);
  }

  const helperText = tooMany
    ? translate('zoneEdit.blockedUrls.tooMany', { max: MAX_BLOCKED_URLS_PER_REQUEST })
    : flagged
      ? lines.length === 1 && invalidLines[0]
        ? translate(BLOCKED_URL_REASON_KEYS[invalidLines[0].reason ?? 'notUrl'])
        : translate('zoneEdit.blockedUrls.someInvalid', { smart_count: invalidLines.length })
      : translate('zoneEdit.blockedUrls.hint');

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('zoneEdit.blockedUrls.addTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {errorKey && (
            <Alert severity="error" role="alert">
              {translate(errorKey)}
            </Alert>
          )}
          {outcome && (
            <Alert severity={outcome.skipped.length ? 'warning' : 'success'} role="status">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('zoneEdit.blockedUrls.outcome', { smart_count: outcome.added })}{' '}
                {translate('zoneEdit.blockedUrls.skipped', { smart_count: outcome.skipped.length })}
              </Typography>
              <BlockedUrlLineResults lines={outcome.skipped} label={translate('zoneEdit.blockedUrls.skippedLines')} />
            </Alert>
          )}
          <FormControl>
            <FormLabel id={`${titleId}-type`}>{translate('zoneEdit.blockedUrls.urlType')}</FormLabel>
            <RadioGroup row aria-labelledby={`${titleId}-type`} value={urlType} onChange={(event) => setUrlType(event.target.value as UrlType)}>
              {URL_TYPES.map((type) => (
                <FormControlLabel key={type} value={type} control={<Radio />} label={translate(URL_TYPE_LABEL_KEYS[type])} />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label={translate('zoneEdit.blockedUrls.urls')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setErrorKey(null);
            }}
            onBlur={() => setTouched(text.trim() !== '')}
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            required
            error={flagged || tooMany}
            helperText={helperText}
            placeholder="https://www.example.com/sponsored/"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          />
          {showLines && (
            <Box>
              <Typography variant="body2" sx={{ mb: 1, fontWeight: 600 }}>
                {translate('zoneEdit.blockedUrls.summary', { smart_count: ready.length, total: lines.length })}
              </Typography>
              <BlockedUrlLineResults lines={lines} label={translate('zoneEdit.blockedUrls.lineChecks')} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {outcome ? translate('common.close') : translate('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={text.trim() === '' || saving || tooMany}>
            {ready.length > 0
              ? translate('zoneEdit.blockedUrls.submitCount', { smart_count: ready.length })
              : translate('zoneEdit.blockedUrls.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
