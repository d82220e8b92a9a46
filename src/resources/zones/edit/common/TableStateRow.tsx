/**
 * The row a table shows instead of data (spec section 4 'Lists': loading, then empty, then data; section 9: the
 * empty state appears after 500 ms, so a quick answer never flashes 'No … found').
 */
import { useEffect, useState, type ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../../../i18n/I18nContext';
import { EMPTY_STATE_DELAY_MS } from '../../../../lib/listQuery';
import { LoadError } from './LoadError';

export function LoadingRow({ colSpan }: { colSpan: number }) {
  const { translate } = useI18n();
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <LinearProgress aria-label={translate('common.loading')} />
      </TableCell>
    </TableRow>
  );
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), EMPTY_STATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <Typography color="text.secondary" sx={{ visibility: shown ? 'visible' : 'hidden' }}>
          {children}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

/** A failed load, with a way to ask again. */
export function ErrorRow({ colSpan, onRetry }: { colSpan: number; onRetry: () => void }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <LoadError onRetry={onRetry} />
      </TableCell>
    </TableRow>
  );
}

/** What the body needs to know of the query that feeds the table. */
interface TableQuery {
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
  if (rowCount === 0) return <EmptyRow colSpan={colSpan}>{empty}</EmptyRow>;
  return <>{children}</>;
}
