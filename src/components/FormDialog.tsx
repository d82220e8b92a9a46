/**
 * A modal form (spec section 2 'Common UI': modals close on Escape and overlay click): title, an error alert at
 * the top, the fields, Cancel and the submit button. While `saving` it cannot be closed, so an answer never lands
 * on a closed form. The alert repeats a failure inside the dialog because the notice region is hidden from
 * screen readers while a modal is open. Without `onSubmit` it is a plain dialog (e.g. while the form's data loads).
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useI18n } from '../i18n/I18nContext';

export interface FormDialogProps {
  title: ReactNode;
  onClose: () => void;
  onSubmit?: () => void;
  saving?: boolean;
  /** i18n key of the alert shown above the fields, or null. */
  errorKey?: string | null;
  /** The submit button (or whatever stands in its place); none without onSubmit. */
  submit?: ReactNode;
  /** Label of the closing button; default 'Cancel'. */
  closeLabel?: string;
  maxWidth?: DialogProps['maxWidth'];
  scroll?: DialogProps['scroll'];
  /** Lines above and below the scrolling content (long forms). */
  dividers?: boolean;
  children: ReactNode;
}

export function FormDialog({ title, onClose, onSubmit, saving = false, errorKey, submit, closeLabel, maxWidth = 'md', scroll, dividers, children }: FormDialogProps) {
  const { translate } = useI18n();
  const titleId = useId();
  const content = (
    <>
      <DialogContent dividers={dividers} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {errorKey && (
          <Alert severity="error" role="alert">
            {translate(errorKey)}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {closeLabel ?? translate('common.cancel')}
        </Button>
        {onSubmit && submit}
      </DialogActions>
    </>
  );
  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth} scroll={scroll}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {onSubmit ? (
        <Box
          component="form"
          noValidate
          sx={{ display: 'contents' }}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {content}
        </Box>
      ) : (
        content
      )}
    </Dialog>
  );
}
