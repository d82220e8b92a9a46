/**
 * The ads.txt checker under the generated text: the publisher pastes, or picks from disk, the ads.txt or
 * app-ads.txt file their site serves today, and sees what it lacks or gets wrong (CheckerResults). Everything
 * happens in the browser: the file is read locally and nothing is fetched from the publisher's site.
 *
 * The check follows the text 300 ms after the last change (the one debounce), so typing in a large file stays
 * smooth; a picked file is checked the same way.
 *
 * The text is the one field of a react-admin Form (no submit: the check follows it); a picked file becomes its value.
 */
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Form, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { SectionCard } from '../../components/SectionCard';
import { useI18n } from '../../i18n/I18nContext';
import type { AdsTxtLine } from '../../lib/adsTxt';
import { checkAdsTxt } from '../../lib/adsTxtCheck';
import type { AdsTxtFileKind } from '../../lib/adsTxtParse';
import { CheckerResults } from './CheckerResults';

/** Far above any real ads.txt (the largest are a few hundred kB); keeps a wrong pick from freezing the page. */
export const MAX_FILE_MB = 5;

type CheckerProps = { kind: AdsTxtFileKind; lines: readonly AdsTxtLine[] };

export function AdsTxtChecker({ kind, lines }: CheckerProps) {
  const { translate } = useI18n();
  return (
    <SectionCard title={translate('accountSettings.adsTxtChecker.title', { file: kind })}>
      <Typography sx={{ mb: 2 }}>{translate('accountSettings.adsTxtChecker.intro', { file: kind })}</Typography>
      <Form defaultValues={{ text: '' }} noValidate>
        <CheckerFields kind={kind} lines={lines} />
      </Form>
    </SectionCard>
  );
}

function CheckerFields({ kind, lines }: CheckerProps) {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`accountSettings.adsTxtChecker.${key}`, { file: kind, ...values });
  const { setValue } = useFormContext();
  // An emptied field is null (react-admin's TextInput parse).
  const text = (useWatch({ name: 'text' }) as string | null | undefined) ?? '';
  const setText = (value: string) => setValue('text', value, { shouldDirty: true });
  const [fileError, setFileError] = useState<'fileTooLarge' | 'fileUnreadable' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const checkedText = useDebouncedValue(text);
  const check = useMemo(() => (checkedText.trim() === '' ? null : checkAdsTxt(checkedText, lines, kind)), [checkedText, lines, kind]);

  async function pickFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be picked again after an edit.
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_MB * 1024 * 1024) {
      setFileError('fileTooLarge');
      return;
    }
    try {
      setText(await file.text());
      setFileError(null);
    } catch {
      setFileError('fileUnreadable');
    }
  }

  return (
    <>
      <TextInput
        source="text"
        label={<>{t('fileLabel')}</>}
        helperText={false}
        multiline
        rows={8}
        placeholder={t('placeholder')}
        resettable={false}
        slotProps={{ htmlInput: { spellCheck: false, wrap: 'off', style: { fontFamily: 'monospace', fontSize: '0.8125rem' } } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5, mb: 2 }}>
        <Button variant="outlined" startIcon={<UploadFileIcon aria-hidden />} onClick={() => fileInput.current?.click()}>
          {t('chooseFile')}
        </Button>
        <input ref={fileInput} type="file" accept=".txt,text/plain" hidden onChange={(event) => void pickFile(event)} />
        <Button
          variant="text"
          disabled={text === ''}
          onClick={() => {
            setText('');
            setFileError(null);
          }}
        >
          {t('clear')}
        </Button>
      </Box>
      {fileError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(fileError, { size: MAX_FILE_MB })}
        </Alert>
      )}
      {check && <CheckerResults check={check} />}
    </>
  );
}
