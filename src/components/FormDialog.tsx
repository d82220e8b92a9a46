/**
 * A modal form (spec section 2 'Common UI': modals close on Escape and overlay click), in two parts so the modal
 * stays the same while its content changes (from loading to the form):
 *
 *   <FormDialog title={...} onClose={close} saving={saving}>
 *     <DialogForm onSubmit={submit} onClose={close} saving={saving} errorKey={write.errorKey} submit={<Button type="submit">…</Button>}>
 *       …fields
 *     </DialogForm>
 *   </FormDialog>
 *
 * While `saving` it cannot be closed, so an answer never lands on a closed form. The alert repeats a failure
 * inside the dialog because the notice region is hidden from screen readers while a modal is open.
 *
 * WriteFormDialog is both for a dialog of one form sending one write (useWriteNotices): its saving and failure come from
 * the write, its submit button is the write's.
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useI18n } from '../i18n/I18nContext';

export interface FormDialogProps {
  title: ReactNode;
  onClose: () => void;
  saving?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  scroll?: DialogProps['scroll'];
  children: ReactNode;
}

export function FormDialog({ title, onClose, saving = false, maxWidth = 'md', scroll, children }: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth} scroll={scroll}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

export interface DialogFormProps {
  onClose: () => void;
  /** Without it, the content and a closing button only (e.g. while the form's data loads). */
  onSubmit?: () => void;
  saving?: boolean;
  /** i18n key of the alert shown above the fields, or null. */
  errorKey?: string | null;
  /** The submit button (or what stands in its place). */
  submit?: ReactNode;
  /** Label of the closing button; default 'Cancel'. */
  closeLabel?: string;
  /** Lines above and below the scrolling content (long forms). */
  dividers?: boolean;
  children: ReactNode;
}

export function DialogForm({ onClose, onSubmit, saving = false, errorKey, submit, closeLabel, dividers, children }: DialogFormProps) {
  const { translate } = useI18n();
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
  if (!onSubmit) return content;
  return (
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
  );
}

export interface WriteFormDialogProps extends Omit<FormDialogProps, 'saving' | 'scroll'> {
  /** The dialog's write (writeOf's or useWrite's answer): pending while it saves, its failure's message said in the dialog. */
  write: { isPending: boolean; errorKey: string | null };
  onSubmit: () => void;
  /** The text and colour of the submit button. */
  submitLabel: string;
  submitColor?: ButtonProps['color'];
}

/** A short form: 'sm' wide unless said otherwise. */
export function WriteFormDialog({ title, onClose, write, onSubmit, submitLabel, submitColor, maxWidth = 'sm', children }: WriteFormDialogProps) {
  return (
    <FormDialog title={title} onClose={onClose} saving={write.isPending} maxWidth={maxWidth}>
      <DialogForm
        onClose={onClose}
        saving={write.isPending}
        errorKey={write.errorKey}
        onSubmit={onSubmit}
        submit={
          <Button type="submit" variant="contained" color={submitColor} disabled={write.isPending}>
            {submitLabel}
          </Button>
        }
      >
        {children}
      </DialogForm>
    </FormDialog>
  );
}
