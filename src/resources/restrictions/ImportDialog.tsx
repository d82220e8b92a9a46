/**
 * Blocklist import (issue 9): a CSV file (the export's columns, or any list) read with papaparse in chunks with
 * its progress, or a pasted list mixing advertiser ids or exact names, domains and IAB ids. Every line gets the
 * server's verdict before anything is written (new, already blocked, repeated, cannot be blocked with the reason,
 * unknown advertiser); then the new lines are blocked in one all-or-nothing call. Spreadsheet formula cells are
 * refused (the server's verdict 'formula').
 */
import { useMemo, useState } from 'react';
import Papa from 'papaparse';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFile';
import { DataTable, ListContextProvider, TextInput, useDataProvider, useInput, useList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { CustomMethods } from '../../dataProvider/customMethods';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import { useI18n } from '../../i18n/I18nContext';
import { useNotices } from '../../notices/NoticesProvider';
import { useWrite } from '../../notices/useWrite';
import { entriesFromRows, type SourcedEntry } from '../../lib/blocklist';
import { MAX_IMPORT_ENTRIES } from '../../lib/limits';
import { DialogForm, FormDialog } from '../../components/FormDialog';
import { ListPagination } from '../../components/list/ListPagination';
import { ListTable } from '../../components/list/ListTable';
import { entityPath, useBlockingTarget, type BlockingScope } from './scope';
import { useCloseModal } from './useCloseModal';

type ImportLine = Awaited<ReturnType<CustomMethods['checkRestrictionImport']>>['lines'][number];
/** The form's values: a chosen file, or a pasted list (null once emptied, undefined while a file disables it). */
type Source = { file: File | null; text: string | null | undefined };
const NO_SOURCE: Source = { file: null, text: '' };

interface Checked {
  entries: SourcedEntry[];
  lines: ImportLine[];
}

/**
 * Cells are split on commas only (src/lib/blocklist.ts): papaparse would otherwise guess the delimiter, and a
 * line with a tab inside a value would be cut into two entries instead of getting its own verdict (issue 21).
 */
const CELL_DELIMITER = ',';

/** The file in chunks, reporting how far it got (0..1). */
function readFile(file: File, onProgress: (share: number) => void): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    Papa.parse<string[]>(file, {
      delimiter: CELL_DELIMITER,
      skipEmptyLines: 'greedy',
      chunkSize: 512 * 1024,
      chunk: (results) => {
        rows.push(...results.data);
        onProgress(file.size > 0 ? Math.min(1, results.meta.cursor / file.size) : 1);
      },
      complete: () => resolve(rows),
      error: (error) => reject(error),
    });
  });
}

const VERDICT_KEYS: Record<ImportLine['verdict'], string> = {
  new: 'blocking.import.verdicts.new',
  already_blocked: 'blocking.import.verdicts.alreadyBlocked',
  duplicate: 'blocking.import.verdicts.duplicate',
  invalid: 'blocking.import.verdicts.invalid',
  unknown_advertiser: 'blocking.import.verdicts.unknownAdvertiser',
  not_permitted: 'blocking.import.verdicts.notPermitted',
};

interface VerdictRow {
  id: number;
  line: ImportLine;
  entry?: SourcedEntry;
}
const VerdictCol = DataTable.Col<VerdictRow>;

export function ImportDialog({ scope }: { scope: BlockingScope }) {
  const { translate } = useI18n();
  const close = useCloseModal(scope.basePath);
  const target = useBlockingTarget(scope);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notices = useNotices();
  // Reading a file (its share read, 0..1), then waiting for the server's verdicts: two phases the dialog names.
  const [progress, setProgress] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);

  const apply = useWrite('importRestrictions', {
    mutationFn: (entries: SourcedEntry[], provider) => provider.importRestrictions(entityPath(scope), entries.map(({ type, value }) => ({ type, value }))),
    invalidate: ['blocks', 'restrictions', 'revenueAtStake'],
    onSuccess: close,
  });

  async function check({ file, text }: Source) {
    setProblem(null);
    let rows: string[][];
    try {
      setProgress(0);
      rows = file ? await readFile(file, setProgress) : Papa.parse<string[]>(text ?? '', { delimiter: CELL_DELIMITER, skipEmptyLines: 'greedy' }).data;
    } catch {
      setProgress(null);
      setProblem('blocking.import.unreadable');
      return;
    }
    const entries = entriesFromRows(rows);
    if (entries.length === 0) {
      setProgress(null);
      setProblem('blocking.import.empty');
      return;
    }
    if (entries.length > MAX_IMPORT_ENTRIES) {
      setProgress(null);
      setProblem('blocking.import.tooMany');
      return;
    }
    setProgress(null);
    setChecking(true);
    try {
      const answer = await dataProvider.checkRestrictionImport(entityPath(scope), entries.map(({ type, value }) => ({ type, value })));
      setChecked({ entries, lines: answer.lines });
      setPage(1);
    } catch {
      notices.fail('checkRestrictionImport');
    } finally {
      setChecking(false);
    }
  }

  const counts = useMemo(() => {
    const result = new Map<ImportLine['verdict'], number>();
    for (const line of checked?.lines ?? []) result.set(line.verdict, (result.get(line.verdict) ?? 0) + 1);
    return result;
  }, [checked]);
  const fresh = useMemo(() => (checked ? checked.entries.filter((_, index) => checked.lines[index]?.verdict === 'new') : []), [checked]);
  const listed = useMemo(() => {
    const all = (checked?.lines ?? []).map((line, index) => ({ line, entry: checked?.entries[index] }));
    const shown = onlyProblems ? all.filter(({ line }) => !['new', 'already_blocked', 'duplicate'].includes(line.verdict)) : all;
    return shown.map((row, index) => ({ id: index, ...row }));
  }, [checked, onlyProblems]);
  // The verdicts, paged in the dialog: react-admin's list state over what the check answered, its page read at
  // once (useList would show the new answer one render late).
  const paging = useList({ data: listed, perPage: 10 });
  const { page, perPage, setPage } = paging;
  const verdicts = { ...paging, resource: 'importVerdicts', data: listed.slice((page - 1) * perPage, page * perPage), total: listed.length } as typeof paging;
  const reading = progress !== null || checking;

  const reasonOf = (line: ImportLine) => {
    if (line.verdict === 'duplicate') return translate('blocking.import.repeats', { line: checked?.entries[line.duplicateOf ?? 0]?.line ?? '' });
    if (line.reason) return translate(`blocking.import.reasons.${line.reason}`);
    return line.name ?? '';
  };

  return (
    <FormDialog title={translate('blocking.import.title')} onClose={close} saving={apply.isPending || reading} scroll="paper">
      <DialogForm
        onClose={close}
        defaultValues={NO_SOURCE}
        onSubmit={(source) => (checked ? apply.mutate(fresh) : void check(source))}
        saving={apply.isPending || reading}
        errorKey={problem ?? apply.errorKey}
        dividers
        submit={
          checked ? (
            <>
              <Button onClick={() => setChecked(null)} disabled={apply.isPending}>
                {translate('blocking.review.back')}
              </Button>
              <Button type="submit" variant="contained" disabled={fresh.length === 0 || apply.isPending}>
                {translate('blocking.import.apply', { smart_count: fresh.length, target: target.name })}
              </Button>
            </>
          ) : (
            <CheckButton reading={reading} />
          )
        }
      >
        <Typography sx={{ fontWeight: 600 }}>{target.line}</Typography>
        {!checked ? (
          <>
            <Typography>{translate('blocking.import.intro')}</Typography>
            <SourceInputs reading={reading} onChosen={() => setProblem(null)} />
            {progress !== null && (
              <Box>
                <Typography variant="body2">{translate('blocking.import.reading', { percent: Math.round(progress * 100) })}</Typography>
                <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={translate('blocking.import.progress')} />
              </Box>
            )}
            {checking && (
              <Box role="status">
                <Typography variant="body2">{translate('blocking.import.checking')}</Typography>
                <LinearProgress aria-label={translate('blocking.import.checking')} />
              </Box>
            )}
          </>
        ) : (
          <>
            <Alert severity={fresh.length > 0 ? 'info' : 'warning'} role="status">
              {translate('blocking.import.summary', {
                smart_count: checked.lines.length,
                fresh: counts.get('new') ?? 0,
                blocked: (counts.get('already_blocked') ?? 0) + (counts.get('duplicate') ?? 0),
                refused: (counts.get('invalid') ?? 0) + (counts.get('unknown_advertiser') ?? 0) + (counts.get('not_permitted') ?? 0),
              })}
            </Alert>
            <FormControlLabel
              // A filter of the verdicts shown, not a value of the form.
              control={<Switch checked={onlyProblems} onChange={(_event, only) => { setOnlyProblems(only); setPage(1); }} />}
              label={translate('blocking.import.onlyProblems')}
            />
            <ListContextProvider value={verdicts}>
              <ListTable label={translate('blocking.import.verdictsLabel')} empty={null}>
                <VerdictCol label={translate('blocking.import.line')} render={({ entry }) => entry?.line} />
                <VerdictCol label={translate('blocking.import.value')} sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }} render={({ entry }) => entry?.value} />
                <VerdictCol
                  label={translate('blocking.import.verdict')}
                  render={({ line }) => (
                    <>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {translate(VERDICT_KEYS[line.verdict])}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {reasonOf(line)}
                      </Typography>
                    </>
                  )}
                />
              </ListTable>
              <ListPagination label={translate('blocking.import.pages')} />
            </ListContextProvider>
          </>
        )}
      </DialogForm>
    </FormDialog>
  );
}

/** Check: offered once a file is chosen or something is pasted. */
function CheckButton({ reading }: { reading: boolean }) {
  const { translate } = useI18n();
  const [file, text] = useWatch<Source, ['file', 'text']>({ name: ['file', 'text'] });
  return (
    <Button type="submit" variant="contained" disabled={reading || (!file && (text ?? '').trim() === '')}>
      {translate('blocking.import.check')}
    </Button>
  );
}

/** The file to read (the form's `file`, useInput) or the list to paste (`text`, disabled once a file is chosen). */
function SourceInputs({ reading, onChosen }: { reading: boolean; onChosen: () => void }) {
  const { translate } = useI18n();
  // The File itself, not react-admin's text formatting of it.
  const { field } = useInput<File | null>({ source: 'file', format: (value: File | null) => value ?? null, parse: (value: File | null) => value });
  const file = field.value ?? null;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadIcon aria-hidden />} disabled={reading}>
          {translate('blocking.import.chooseFile')}
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            hidden
            onChange={(event) => {
              field.onChange(event.target.files?.[0] ?? null);
              onChosen();
            }}
          />
        </Button>
        {file && (
          <Typography role="status" sx={{ overflowWrap: 'anywhere' }}>
            {translate('blocking.import.chosen', { name: file.name })}
          </Typography>
        )}
      </Box>
      <TextInput
        source="text"
        label="blocking.import.paste"
        helperText="blocking.import.pasteHint"
        disabled={file !== null || reading}
        multiline
        minRows={4}
        maxRows={10}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
      />
    </>
  );
}
