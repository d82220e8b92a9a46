/**
 * What the checker found (src/lib/adsTxtCheck.ts): the summary at the top ('3 of 5 required lines missing' and
 * the other counts), then one titled list per finding, by line number: the missing lines with 'Copy missing
 * lines', the lines to correct with what is expected, malformed lines with the reason, duplicates, warnings and
 * the network's lines present. Long lists show their first 100 entries.
 */
import { memo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CodeBlock } from '../../components/CodeBlock';
import { CopyButton } from '../../components/CopyButton';
import { useI18n } from '../../i18n/I18nContext';
import type { AdsTxtCheck, RequiredLineResult } from '../../lib/adsTxtCheck';
import { malformedMessage, warningMessage } from './checkerMessages';

const PREFIX = 'accountSettings.adsTxtChecker';
/** Entries listed per section; a file of thousands of broken lines stays readable. */
export const MAX_LISTED = 100;

type Wrong = Extract<RequiredLineResult, { status: 'wrong' }>;
type Present = Extract<RequiredLineResult, { status: 'present' }>;

function Section({ title, count, actions, children }: { title: string; count: number; actions?: ReactNode; children: ReactNode }) {
  const { translate } = useI18n();
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
      {count > MAX_LISTED && (
        <Typography variant="body2" color="text.secondary">
          {translate(`${PREFIX}.more`, { smart_count: count - MAX_LISTED })}
        </Typography>
      )}
    </Box>
  );
}

/** A finding: its line number, the line as written and what to know about it. */
interface Finding {
  line: number;
  heading?: string;
  text: string;
  notes: ReactNode[];
}

/** A titled list of findings (`${PREFIX}.sections.${key}`), of which the first MAX_LISTED are drawn. */
interface FindingSection {
  key: string;
  count: number;
  findings: Finding[];
}

function findingSection<T>(key: string, items: readonly T[], describe: (item: T) => Finding): FindingSection {
  return { key, count: items.length, findings: items.slice(0, MAX_LISTED).map(describe) };
}

function Findings({ findings }: { findings: Finding[] }) {
  const { translate } = useI18n();
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {findings.map(({ line, heading, text, notes }, index) => (
        <Box component="li" key={index} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {heading ?? translate(`${PREFIX}.line`, { line })}
          </Typography>
          <Typography variant="body2" component="div" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {text}
          </Typography>
          {notes.map((note, noteIndex) => (
            <Typography key={noteIndex} variant="body2" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {note}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}

/** Drawn again only for a new check, not on every keystroke in the file box above it. */
export const CheckerResults = memo(function CheckerResults({ check }: { check: AdsTxtCheck }) {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`${PREFIX}.${key}`, values);
  const { counts } = check;
  const wrong = check.required.filter((result): result is Wrong => result.status === 'wrong').sort((a, b) => a.line - b.line);
  const present = check.required.filter((result): result is Present => result.status === 'present').sort((a, b) => a.line - b.line);
  const good = counts.missing === 0 && counts.wrong === 0;
  const details = [
    counts.wrong > 0 && t('wrongCount', { smart_count: counts.wrong }),
    counts.malformed > 0 && t('malformedCount', { smart_count: counts.malformed }),
    counts.duplicates > 0 && t('duplicateCount', { smart_count: counts.duplicates }),
    counts.warnings > 0 && t('warningCount', { smart_count: counts.warnings }),
    t('checkedLines', { smart_count: check.lineCount }),
  ].filter((detail): detail is string => typeof detail === 'string');
  const findingSections = [
    findingSection('wrong', wrong, (result) => ({
      line: result.line,
      text: result.text,
      notes: [result.fields.map((field) => t(`wrongFields.${field}`)).join(' · '), `${t('expected')} ${result.expected}`],
    })),
    findingSection('malformed', check.malformed, (entry) => ({ line: entry.line, text: entry.text, notes: [malformedMessage(translate, entry.reason)] })),
    findingSection('duplicates', check.duplicates, (entry) => ({
      line: entry.line,
      heading: t('repeats', { line: entry.line, first: entry.firstLine }),
      text: entry.text,
      notes: [],
    })),
    findingSection('warnings', check.warnings, (entry) => ({ line: entry.line, text: entry.text, notes: [warningMessage(translate, entry.reason)] })),
    findingSection('present', present, (result) => ({
      line: result.line,
      text: result.expected,
      notes: result.conflictingLines.length
        ? [t('conflicts', { smart_count: result.conflictingLines.length, lines: result.conflictingLines.join(', ') })]
        : [],
    })),
  ];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Alert role="status" severity={good ? 'success' : counts.missing > 0 ? 'error' : 'warning'}>
        <AlertTitle sx={{ fontWeight: 600 }}>
          {counts.missing === 0
            ? t('allPresent', { smart_count: counts.required })
            : t('summary', { missing: counts.missing, smart_count: counts.required })}
        </AlertTitle>
        {details.join(' · ')}
      </Alert>
      {check.looksLikeHtml && <Alert severity="error">{t('html')}</Alert>}

      {counts.missing > 0 && (
        <Section
          title={t('sections.missing', { count: counts.missing })}
          count={0}
          actions={
            <CopyButton text={check.missingText} label={t('copyMissing')}>
              {t('copyMissing')}
            </CopyButton>
          }
        >
          <Typography variant="body2">{t('missingHint')}</Typography>
          <CodeBlock label={t('missingLabel')}>{check.missingText}</CodeBlock>
        </Section>
      )}
      {findingSections
        .filter((section) => section.count > 0)
        .map(({ key, count, findings }) => (
          <Section key={key} title={t(`sections.${key}`, { count })} count={count}>
            <Findings findings={findings} />
          </Section>
        ))}
    </Box>
  );
});
