/**
 * The 'proceed with caution' confirmation (spec section 4 'Block deletion'; section 2 'Alerts': default text
 * 'Are you sure?' with Ok and Cancel). Escape, the overlay and Cancel decline; focus starts on Cancel so a
 * stray Enter does not delete.
 */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useI18n } from '../i18n/I18nContext';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const { translate } = useI18n();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId} role="alertdialog">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {children ?? translate('common.areYouSure')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* jsx-a11y discourages autoFocus in general; in a confirmation it keeps Enter from confirming by accident. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Button onClick={onCancel} autoFocus>
          {translate('common.cancel')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained">
          {confirmLabel ?? translate('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
