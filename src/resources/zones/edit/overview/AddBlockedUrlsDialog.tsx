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
 *
 * The form is react-admin's (DialogForm): `urlType` a RadioButtonGroupInput, `text` a custom input (useInput) whose
 * message is no validation (invalid lines are skipped, not refused) but a report of the lines, said once the field
 * was left or sent. The component keeps only what happened (the last save's outcome, a refusal); after a save that skipped lines it
 * resets the form to the invalid ones.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RadioButtonGroupInput, useCreate, useInput, useStoreContext } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
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

/** The form's values (and the draft kept when Back closes the dialog). */
type Draft = {
  text: string;
  urlType: UrlType;
};

const asTyped = (value: string) => value;

/** The lines of the field and what follows from them. */
function checkLines(text: string, existing: readonly BlockedUrlRecord[]) {
  // The field, its checks and the submit button read them on every change: one parse each time.
  if (lastCheck && lastCheck.text === text && lastCheck.existing === existing) return lastCheck.result;
  const result = parseLines(text, existing);
  lastCheck = { text, existing, result };
  return result;
}
let lastCheck: { text: string; existing: readonly BlockedUrlRecord[]; result: ReturnType<typeof parseLines> } | null = null;

function parseLines(text: string, existing: readonly BlockedUrlRecord[]) {
  const lines = parseBlockedUrlList(text, existing.map((pattern) => pattern.pattern));
  const ready = lines.filter((line) => line.status === 'ok');
  const invalidLines = lines.filter((line) => line.status === 'invalid');
  const nothingToBlock = lines.length > 0 && ready.length === 0;
  return {
    lines,
    ready,
    invalidLines,
    tooMany: ready.length > MAX_BLOCKED_URLS_PER_REQUEST,
    nothingToBlock,
    allAlreadyBlocked: nothingToBlock && lines.every((line) => line.status === 'alreadyBlocked'),
  };
}

function useCheckedLines(existing: readonly BlockedUrlRecord[]) {
  const text = (useWatch<Draft, 'text'>({ name: 'text' }) as string | undefined) ?? '';
  return { text, ...useMemo(() => checkLines(text, existing), [text, existing]) };
}

export function AddBlockedUrlsDialog({ zoneId, existing, onClose: close }: AddBlockedUrlsDialogProps) {
  const { translate } = useI18n();
  const toast = useAlreadyBlockedToast('addBlockedUrls');
  const draftKey = `zones.${zoneId}.blockedUrlsDraft`;
  // What was typed in a dialog closed by Back, by zone: react-admin's store, in memory for the page's life. Read once,
  // as the form opens; the form writes it back as it changes (DraftKeeper).
  const store = useStoreContext();
  const defaultValues = useMemo<Draft>(() => {
    const draft = store.getItem<Draft | null>(draftKey, null);
    return { text: draft?.text ?? '', urlType: draft?.urlType ?? 'PAGE' };
  }, [store, draftKey]);
  // Written, not watched: the dialog does not render again on each key.
  const setDraft = useCallback((draft: Draft | null) => store.setItem(draftKey, draft), [store, draftKey]);
  // Closed on purpose (Cancel, Close, saved): the draft goes with it. Back keeps it.
  const onClose = () => {
    setDraft(null);
    close();
  };
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resetForm = useRef<((values: Draft) => void) | null>(null);
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

  async function submit({ text, urlType }: Draft) {
    clearRefusal();
    const { lines, ready, invalidLines, tooMany } = checkLines(text, existing);
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
    // The field keeps only the invalid lines, ready to be corrected, and is fresh again (not yet left).
    resetForm.current?.({ text: invalidLines.map((line) => line.input).join('\n'), urlType });
    setOutcome({ added: ready.length, skipped });
  }

  return (
    <FormDialog title={translate('zoneEdit.blockedUrls.addTitle')} onClose={onClose} saving={saving}>
      <DialogForm<Draft>
        onClose={onClose}
        defaultValues={defaultValues}
        onSubmit={(values) => void submit(values)}
        saving={saving}
        errorKey={refusalKey ?? add.errorKey}
        closeLabel={outcome ? translate('common.close') : undefined}
        submit={<SubmitButton existing={existing} saving={saving} />}
      >
        <DraftKeeper setDraft={setDraft} />
        <FormReset resetRef={resetForm} />
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
        <RadioButtonGroupInput
          source="urlType"
          label={translate('zoneEdit.blockedUrls.urlType')}
          choices={URL_TYPES.map((type) => ({ id: type, name: translate(URL_TYPE_LABEL_KEYS[type]) }))}
          translateChoice={false}
          helperText={false}
          row
          sx={{ m: 0 }}
        />
        <UrlsInput existing={existing} onChange={clearRefusal} />
        <LineChecks existing={existing} refused={refusalKey !== null} />
      </DialogForm>
    </FormDialog>
  );
}

/** Keeps what is typed as the zone's draft (none while the field is empty). */
function DraftKeeper({ setDraft }: { setDraft: (draft: Draft | null) => void }) {
  const text = (useWatch<Draft, 'text'>({ name: 'text' }) as string | undefined) ?? '';
  const urlType = useWatch<Draft, 'urlType'>({ name: 'urlType' });
  useEffect(() => setDraft(text.trim() === '' ? null : { text, urlType }), [text, urlType, setDraft]);
  return null;
}

/** Hands the form's reset to the dialog, for the moment a save has skipped lines (an event, after the answer). */
function FormReset({ resetRef }: { resetRef: RefObject<((values: Draft) => void) | null> }) {
  const { reset } = useFormContext<Draft>();
  useEffect(() => {
    resetRef.current = (values) => reset(values);
    return () => {
      resetRef.current = null;
    };
  }, [reset, resetRef]);
  return null;
}

/** The URLs, one per line: the lines' report as its message, once it was left or sent; too many said at once. */
function UrlsInput({ existing, onChange }: { existing: readonly BlockedUrlRecord[]; onChange: () => void }) {
  const { translate } = useI18n();
  const { id, field, fieldState } = useInput<string>({ source: 'text', parse: asTyped, onChange });
  const { isSubmitted } = useFormState<Draft>();
  const { lines, invalidLines, tooMany } = useCheckedLines(existing);
  const flagged = (fieldState.isTouched || isSubmitted) && invalidLines.length > 0;
  const helperText = tooMany
    ? translate('zoneEdit.blockedUrls.tooMany', { max: MAX_BLOCKED_URLS_PER_REQUEST })
    : flagged
      ? lines.length === 1 && invalidLines[0]
        ? translate(BLOCKED_URL_REASON_KEYS[invalidLines[0].reason ?? 'notUrl'])
        : translate('zoneEdit.blockedUrls.someInvalid', { smart_count: invalidLines.length })
      : translate('zoneEdit.blockedUrls.hint');
  return (
    <TextField
      {...field}
      id={id}
      label={translate('zoneEdit.blockedUrls.urls')}
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
  );
}

/** 'URLs already blocked' at once, and the check of each line when there is more to say than one plain line. */
function LineChecks({ existing, refused }: { existing: readonly BlockedUrlRecord[]; refused: boolean }) {
  const { translate } = useI18n();
  const { lines, ready, allAlreadyBlocked } = useCheckedLines(existing);
  // One plain line needs no check list; one the saving changes does, to show what will be saved.
  const showLines = lines.length > 1 || lines.some((line) => line.status !== 'ok' || savedFormOf(line) !== null);
  return (
    <>
      {allAlreadyBlocked && !refused && (
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
    </>
  );
}

/** Disabled while the field is empty, while no line would be blocked, while too many would and while saving. */
function SubmitButton({ existing, saving }: { existing: readonly BlockedUrlRecord[]; saving: boolean }) {
  const { translate } = useI18n();
  const { text, ready, tooMany, nothingToBlock } = useCheckedLines(existing);
  return (
    <Button type="submit" variant="contained" disabled={text.trim() === '' || saving || tooMany || nothingToBlock}>
      {ready.length > 0 ? translate('zoneEdit.blockedUrls.submitCount', { smart_count: ready.length }) : translate('zoneEdit.blockedUrls.submit')}
    </Button>
  );
}
