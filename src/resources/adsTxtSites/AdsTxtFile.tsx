/**
 * A site's ads.txt as last fetched (issue 27), line by line with its numbers (from 1, over CR, LF or CRLF, as the
 * server counts), the lines that need fixing marked and said in words (what is wrong, and the right form). It
 * scrolls inside itself like a code block, focusable and named.
 */
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import type { AdsTxtSiteDetailRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';

type Problem = AdsTxtSiteDetailRecord['problemLines'][number];

export function AdsTxtFile({ text, problems, label }: { text: string; problems: readonly Problem[]; label: string }) {
  const { translate } = useI18n();
  const byLine = new Map(problems.map((problem) => [problem.line, problem]));
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <Box
      role="region"
      tabIndex={0}
      aria-label={label}
      sx={{ bgcolor: 'grey.100', borderRadius: 1, overflow: 'auto', maxHeight: 480, fontFamily: 'monospace', fontSize: '0.8125rem', lineHeight: 1.6, py: 1 }}
    >
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', minWidth: 'max-content' }}>
        {lines.map((line, index) => {
          const number = index + 1;
          const problem = byLine.get(number);
          return (
            <Box
              component="li"
              key={number}
              data-problem={problem ? problem.problem : undefined}
              sx={{ display: 'flex', gap: 2, px: 1.5, whiteSpace: 'pre', ...(problem && { bgcolor: '#fde7e7', borderLeft: '4px solid', borderColor: 'error.main' }) }}
            >
              <Box component="span" sx={{ color: 'text.secondary', minWidth: '3ch', textAlign: 'right', userSelect: 'none' }}>
                {number}
              </Box>
              <span>{line}</span>
              {problem && <span style={visuallyHidden}>{problemText(problem, translate)}</span>}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

export function problemText(problem: Problem, translate: (key: string, values?: Record<string, unknown>) => string): string {
  return problem.problem === 'WRONG' && problem.expected
    ? translate('adsTxtMonitor.site.wrongLine', { line: problem.line, expected: problem.expected })
    : translate('adsTxtMonitor.site.malformedLine', { line: problem.line });
}
