/**
 * A table row's icon action (revoke an invitation, end a session, remove a blocked URL): a small icon button with
 * its tooltip, and an accessible name that names the row when the tooltip does not.
 */
import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

export interface RowActionButtonProps {
  title: string;
  /** The accessible name; default the title. */
  label?: string;
  /** A small icon (fontSize="small"). */
  icon: ReactNode;
  onClick: () => void;
}

export function RowActionButton({ title, label = title, icon, onClick }: RowActionButtonProps) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
