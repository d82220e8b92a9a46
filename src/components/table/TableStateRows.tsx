/**
 * The rows a table shows instead of data (spec section 4 'Lists': loading, then empty, then data; section 9: the
 * empty state appears after 500 ms, so a quick answer never flashes 'No … found').
 */
import { useEffect, useState, type ReactNode } from 'react';
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

/** One full-width row holding a message or an action, centred in every table alike. */
export function MessageRow({ colSpan, children }: StateRowProps & { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ py: 3, textAlign: 'center' }}>
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
