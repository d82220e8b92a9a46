/**
 * The rows a table shows instead of data (spec section 4 'Lists': loading, then empty, then data; section 9: the
 * empty state appears after 500 ms, so a quick answer never flashes 'No … found').
 */
import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../i18n/I18nContext';
import { EMPTY_STATE_DELAY_MS } from '../../lib/listQuery';
import { LoadError } from '../LoadError';

export interface StateRowProps {
  colSpan: number;
}

/**
 * One full-width row holding a message or an action, centred in every table alike. On a phone a table wider than
 * the screen scrolls in its box: the message stays in the part of the row in view (sticky at the left, as wide as
 * the screen's box), so its 'Try again' is never scrolled away (issue 21).
 */
export function MessageRow({ colSpan, children }: StateRowProps & { children: ReactNode }) {
  // Explicit roles, as every row of a table stacked as cards has them (stackedTable.ts).
  return (
    <TableRow role="row">
      <TableCell colSpan={colSpan} sx={{ py: 3, textAlign: 'center' }} role="cell">
        <Box sx={{ position: 'sticky', left: 0, width: { xs: 'calc(100vw - 64px)', md: 'auto' }, maxWidth: '100%', mx: { md: 'auto' } }}>{children}</Box>
      </TableCell>
    </TableRow>
  );
}

export function LoadingRow({ colSpan }: StateRowProps) {
  const { translate } = useI18n();
  return (
    <MessageRow colSpan={colSpan}>
      <LinearProgress aria-label={translate('common.loading')} />
    </MessageRow>
  );
}

/** Placeholder rows while an answer is on its way (a progress bar elsewhere tells assistive technology). */
export function SkeletonRows({ colSpan, rows = 5 }: StateRowProps & { rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <TableRow key={row} aria-hidden>
          {Array.from({ length: colSpan }, (_, cell) => (
            <TableCell key={cell}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** 'No … found', 500 ms after the empty answer; until then `waiting` (default: the row, its text hidden). */
export function DelayedEmptyRow({ colSpan, waiting, children }: StateRowProps & { waiting?: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), EMPTY_STATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown && waiting !== undefined) return <>{waiting}</>;
  return (
    <MessageRow colSpan={colSpan}>
      <Typography color="text.secondary" sx={{ visibility: shown ? 'visible' : 'hidden' }}>
        {children}
      </Typography>
    </MessageRow>
  );
}

/** A failed load, with a way to ask again. */
export function ErrorRow({ colSpan, onRetry }: StateRowProps & { onRetry: () => void }) {
  return (
    <MessageRow colSpan={colSpan}>
      <LoadError onRetry={onRetry} />
    </MessageRow>
  );
}

/** What the body needs to know of the query that feeds the table. */
export interface TableQuery {
  isPending: boolean;
  /** The first load failed: nothing to show. A failed refetch keeps the rows (README 'Reading data'). */
  isLoadingError: boolean;
  refetch: () => unknown;
}

/**
 * The body of a table fed by one query: loading, then an error with retry when nothing could be loaded, then the
 * delayed empty state, then its rows (also when a later refetch failed: the app says they may be out of date).
 */
export function QueryTableRows({
  query,
  colSpan,
  rowCount,
  empty,
  children,
}: {
  query: TableQuery;
  colSpan: number;
  rowCount: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingRow colSpan={colSpan} />;
  if (query.isLoadingError) return <ErrorRow colSpan={colSpan} onRetry={() => void query.refetch()} />;
  if (rowCount === 0) return <DelayedEmptyRow colSpan={colSpan}>{empty}</DelayedEmptyRow>;
  return <>{children}</>;
}

/** What a paged list's body needs to know of its answer (react-admin's useGetList with keepPreviousData). */
export interface PagedAnswer {
  data?: readonly unknown[];
  /** The first load failed: nothing to show. A failed refetch keeps the rows (README 'Reading data'). */
  isLoadingError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Nothing loaded and no retry under way: the failure is the answer (a failed refetch keeps the rows shown). */
const failedFirstLoad = (answer: Pick<PagedAnswer, 'isLoadingError' | 'isFetching'>) => answer.isLoadingError && !answer.isFetching;

/**
 * The rows a paged list shows and whether its table is busy (aria-busy). A failed refetch keeps the rows already
 * shown; a failed first load has none. Busy while a first load or the next page is on its way (the previous
 * page's rows stay, dimmed); a failed first load is over, not busy: with aria-busy left on, assistive technology
 * (and a browser test waiting for the page to settle) would wait for an answer that is not coming.
 */
export function pagedListRows<Row>(answer: Omit<PagedAnswer, 'data'> & { data?: Row[]; isPlaceholderData: boolean }): {
  rows: Row[] | undefined;
  busy: boolean;
} {
  const failed = failedFirstLoad(answer);
  return { rows: failed ? undefined : answer.data, busy: answer.isPlaceholderData || (answer.data === undefined && !failed) };
}

/** A failed load of a page's main list: its own text and a retry, centred. */
export function FailedListRow({ colSpan, textKey, onRetry }: StateRowProps & { textKey: string; onRetry: () => void }) {
  const { translate } = useI18n();
  return (
    <MessageRow colSpan={colSpan}>
      <Typography sx={{ mb: 1 }}>{translate(textKey)}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        {translate('common.retry')}
      </Button>
    </MessageRow>
  );
}

/**
 * What a paged list shows instead of its rows, or null when it has rows to show: the failure (`failedKey`, or the
 * general load error) when nothing loaded and a retry is not under way (a failed refetch keeps the rows shown), skeleton rows while a page loads, and 'No … found' (`empty`)
 * 500 ms after an empty answer, the delay starting again for each `pageKey`.
 */
export function pagedListPlaceholder(
  answer: PagedAnswer,
  { colSpan, empty, pageKey, failedKey }: StateRowProps & { empty: ReactNode; pageKey: string; failedKey?: string },
): ReactNode {
  const skeleton = <SkeletonRows colSpan={colSpan} />;
  const retry = () => void answer.refetch();
  if (failedFirstLoad(answer)) {
    return failedKey ? <FailedListRow colSpan={colSpan} textKey={failedKey} onRetry={retry} /> : <ErrorRow colSpan={colSpan} onRetry={retry} />;
  }
  if (answer.isPending || answer.isLoadingError) return skeleton;
  if (answer.data?.length === 0) {
    return (
      <DelayedEmptyRow key={pageKey} colSpan={colSpan} waiting={skeleton}>
        {empty}
      </DelayedEmptyRow>
    );
  }
  return null;
}
