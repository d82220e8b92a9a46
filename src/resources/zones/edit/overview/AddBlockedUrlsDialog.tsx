/**
 * Blocking URLs on the zone (spec section 5 'Blocked URLs'): one or many full http/https URLs with a public host,
 * one per line, as Image URL or Page URL (both evaluated with CONTAINS). Every line is checked as it is typed
 * or pasted; only the valid new lines are sent, and the lines left out are listed with the reason, so one bad
 * line does not sink a long paste. Submit is disabled while the field is empty and while no line would be blocked
 * ('0 of 5 lines will be blocked', issue 21); when every line is already blocked the spec's 'URLs already blocked'
 * message shows at once, in the dialog, and nothing can be sent.
 *
 * The dialog has its own address, so Back closes it: what was typed stays as a draft of the zone for this page's
 * life, and Forward (or opening it again) brings it back (issue 30); Cancel, Close and a save that leaves nothing to
 * correct discard it.
 *
 * A failed call keeps the dialog open with everything typed. When some lines were skipped, the dialog stays
 * after success too: it reports what was added and what was skipped, and keeps only the invalid lines in the
 * field, ready to be corrected.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCreate, useStore } from 'react-admin';
import { DialogForm, FormDialog } from '../../../../components/FormDialog';
import { PublisherLine } from '../../../../components/PublisherLine';
import { apiErrorCode } from '../../../../dataProvider/client';
import type { BlockedUrlParam, BlockedUrlRecord } from '../../../../dataProvider/resources';
import { useI18n } from '../../../../i18n/I18nContext';
import { useAlreadyBlockedToast } from '../../../../notices/useAlreadyBlockedToast';
import { useWriteNotices, writeOf } from '../../../../notices/useWriteNotices';
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
import { BlockedUrlLineResults, savedFormOf } from './BlockedUrlLineResults';

interface Outcome {
  added: number;
  skipped: BlockedUrlLine[];
}

export interface AddBlockedUrlsDialogProps {
  zoneId: number;
  existing: readonly BlockedUrlRecord[];
  onClose: () => void;
}

interface Draft {
  text: string;
  urlType: UrlType;
}

export function AddBlockedUrlsDialog({ zoneId, existing, onClose: close }: AddBlockedUrlsDialogProps) {
  const { translate } = useI18n();
  const toast = useAlreadyBlockedToast('addBlockedUrls');
  const typeLabelId = useId();
  // What was typed in a dialog closed by Back, by zone: react-admin's store, in memory for the page's life.
  const [draft, setDraft] = useStore<Draft | null>(`zones.${zoneId}.blockedUrlsDraft`, null);
  const [urlType, setUrlType] = useState<UrlType>(() => draft?.urlType ?? 'PAGE');
  const [text, setText] = useState(() => draft?.text ?? '');
  useEffect(() => setDraft(text.trim() === '' ? null : { text, urlType }), [text, urlType, setDraft]);
  // Closed on purpose (Cancel, Close, saved): the draft goes with it. Back keeps it.
  const onClose = () => {
    setDraft(null);
    close();
  };
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // 'URLs already blocked', found before any call or answered by the server; any other failure is add.errorKey.
  const [refusalKey, setRefusalKey] = useState<string | null>(null);

  const alreadyBlocked = () => {
    setRefusalKey(BLOCKED_URL_LIST_KEYS.alreadyBlocked);
    toast(BLOCKED_URL_LIST_KEYS.alreadyBlocked);
  };

  const adding = useWriteNotices('addBlockedUrls', {
    invalidate: ['blockedUrls'],
    // Someone blocked some of them meanwhile: say so; the list is refetched, so the lines show which.
    onError: (error) => {
      if (apiErrorCode(error) === 'ALREADY_EXISTS') alreadyBlocked();
    },
  });
  const add = writeOf(adding, useCreate<{ patterns: BlockedUrlParam[] }, unknown, BlockedUrlRecord>('blockedUrls', undefined, adding), (patterns: BlockedUrlParam[]) => ({
    data: { patterns },
    meta: { zoneId },
  }));
  const saving = add.isPending;
  // A new attempt (a changed list, another submit) drops the last one's refusal.
  const clearRefusal = () => {
    setRefusalKey(null);
    add.reset();
  };
  const changeText = (value: string) => {
    setText(value);
    clearRefusal();
  };

  const lines = useMemo(() => parseBlockedUrlList(text, existing.map((pattern) => pattern.pattern)), [text, existing]);
  const ready = lines.filter((line) => line.status === 'ok');
  const invalidLines = lines.filter((line) => line.status === 'invalid');
  const tooMany = ready.length > MAX_BLOCKED_URLS_PER_REQUEST;
  const nothingToBlock = lines.length > 0 && ready.length === 0;
  const allAlreadyBlocked = nothingToBlock && lines.every((line) => line.status === 'alreadyBlocked');
  const flagged = touched && invalidLines.length > 0;
  // One plain line needs no check list; one the saving changes does, to show what will be saved.
  const showLines = lines.length > 1 || lines.some((line) => line.status !== 'ok' || savedFormOf(line) !== null);

  async function submit() {
    setTouched(true);
    clearRefusal();
    if (ready.length === 0) {
      if (invalidLines.length === 0 && lines.some((line) => line.status === 'alreadyBlocked')) alreadyBlocked();
      return;
    }
    if (tooMany) return;
    try {
      await add.mutateAsync(filterPatternParams(ready.map((line) => line.value ?? line.input), urlType));
    } catch {
      return;
    }
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
    <FormDialog title={translate('zoneEdit.blockedUrls.addTitle')} onClose={onClose} saving={saving}>
      <DialogForm
        onClose={onClose}
        onSubmit={() => void submit()}
        saving={saving}
        errorKey={refusalKey ?? add.errorKey}
        closeLabel={outcome ? translate('common.close') : undefined}
        submit={
          <Button type="submit" variant="contained" disabled={text.trim() === '' || saving || tooMany || nothingToBlock}>
            {ready.length > 0
              ? translate('zoneEdit.blockedUrls.submitCount', { smart_count: ready.length })
              : translate('zoneEdit.blockedUrls.submit')}
          </Button>
        }
      >
        <PublisherLine />
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
          <FormLabel id={typeLabelId}>{translate('zoneEdit.blockedUrls.urlType')}</FormLabel>
          <RadioGroup row aria-labelledby={typeLabelId} value={urlType} onChange={(event) => setUrlType(event.target.value as UrlType)}>
            {URL_TYPES.map((type) => (
              <FormControlLabel key={type} value={type} control={<Radio />} label={translate(URL_TYPE_LABEL_KEYS[type])} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={translate('zoneEdit.blockedUrls.urls')}
          value={text}
          onChange={(event) => changeText(event.target.value)}
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
        {allAlreadyBlocked && refusalKey === null && (
          <Alert severity="info" role="status">
            {translate(BLOCKED_URL_LIST_KEYS.alreadyBlocked)}
          </Alert>
        )}
        {showLines && (
          <Box>
            <Typography variant="body2" sx={{ mb: 1, fontWeight: 600 }}>
              {translate('zoneEdit.blockedUrls.summary', { smart_count: ready.length, total: lines.length })}
            </Typography>
            <BlockedUrlLineResults lines={lines} label={translate('zoneEdit.blockedUrls.lineChecks')} />
          </Box>
        )}
      </DialogForm>
    </FormDialog>
  );
}
