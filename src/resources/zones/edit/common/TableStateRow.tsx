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
import { LoadError } from './LoadError';

export const EMPTY_STATE_DELAY_MS = 500;

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
