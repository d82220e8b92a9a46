/**
 * The rows a table shows instead of data (spec section 4 'Lists': loading, then empty, then data; section 9: the
 * empty state appears after 500 ms, so a quick answer never flashes 'No … found').
 */
import { useEffect, useState, type ReactNode } from 'react';
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
  /** A roomier, centred row (a page's main list) instead of a plain one (a section's table). */
  centered?: boolean;
}

/** One full-width row holding a message or an action. */
export function MessageRow({ colSpan, centered, children }: StateRowProps & { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={centered ? { py: 4, textAlign: 'center' } : undefined}>
        {children}
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
export function DelayedEmptyRow({ colSpan, centered, waiting, children }: StateRowProps & { waiting?: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), EMPTY_STATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown && waiting !== undefined) return <>{waiting}</>;
  return (
    <MessageRow colSpan={colSpan} centered={centered}>
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
  isError: boolean;
  refetch: () => unknown;
}

/** The body of a table fed by one query: loading, then an error with retry, then the delayed empty state, then its rows. */
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
  if (query.isError) return <ErrorRow colSpan={colSpan} onRetry={() => void query.refetch()} />;
  if (rowCount === 0) return <DelayedEmptyRow colSpan={colSpan}>{empty}</DelayedEmptyRow>;
  return <>{children}</>;
}

/** What a paged list's body needs to know of its answer (react-admin's useGetList with keepPreviousData). */
export interface PagedAnswer {
  data?: readonly unknown[];
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A failed load of a page's main list: its own text and a retry, centred. */
export function FailedListRow({ colSpan, textKey, onRetry }: StateRowProps & { textKey: string; onRetry: () => void }) {
  const { translate } = useI18n();
  return (
    <MessageRow colSpan={colSpan} centered>
      <Typography sx={{ mb: 1 }}>{translate(textKey)}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        {translate('common.retry')}
      </Button>
    </MessageRow>
  );
}

/**
 * What a paged list shows instead of its rows, or null when it has rows to show: the failure (`failedKey`, or the
 * general load error) once a retry is not under way, skeleton rows while a page loads, and 'No … found' (`empty`)
 * 500 ms after an empty answer, the delay starting again for each `pageKey`.
 */
export function pagedListPlaceholder(
  answer: PagedAnswer,
  { colSpan, empty, pageKey, failedKey }: StateRowProps & { empty: ReactNode; pageKey: string; failedKey?: string },
): ReactNode {
  const skeleton = <SkeletonRows colSpan={colSpan} />;
  const retry = () => void answer.refetch();
  if (answer.error && !answer.isFetching) {
    return failedKey ? <FailedListRow colSpan={colSpan} textKey={failedKey} onRetry={retry} /> : <ErrorRow colSpan={colSpan} onRetry={retry} />;
  }
  if (answer.isPending || answer.error) return skeleton;
  if (answer.data?.length === 0) {
    return (
      <DelayedEmptyRow key={pageKey} colSpan={colSpan} centered waiting={skeleton}>
        {empty}
      </DelayedEmptyRow>
    );
  }
  return null;
}
