/**
 * A modal form (spec section 2 'Common UI': modals close on Escape and overlay click), in two parts so the modal
 * stays the same while its content changes (from loading to the form):
 *
 *   <FormDialog title={...} onClose={close} saving={saving}>
 *     <DialogForm defaultValues={{ name: '' }} onSubmit={(values) => write.mutate(values)} onClose={close} saving={saving}
 *                 errorKey={write.errorKey} submit={<Button type="submit">…</Button>}>
 *       <TextInput source="name" validate={contractValidators('requestZone', 'name')} … />
 *     </DialogForm>
 *   </FormDialog>
 *
 * DialogForm is react-admin's <Form> (react-hook-form): the fields are react-admin inputs (or `useInput`), their
 * rules validators, and onSubmit runs only when every field is valid. A field says what is wrong once it has been
 * left, or when the form is submitted, and again as it is typed in (react-hook-form's 'onTouched' mode). A failed
 * write leaves the form as it is: nothing typed is lost.
 *
 * While `saving` it cannot be closed, so an answer never lands on a closed form. The alert repeats a failure
 * inside the dialog because the notice region is hidden from screen readers while a modal is open.
 *
 * WriteFormDialog is both for a dialog of one form sending one write (useWriteNotices): its saving and failure come from
 * the write, its submit button is the write's.
 */
import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { styled } from '@mui/material/styles';
import { Form, type FormProps } from 'react-admin';
import { useI18n } from '../i18n/I18nContext';

/** A form's values, by field (a `type`, not an `interface`, so that it fits). */
export type FieldValues = Record<string, unknown>;

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

/** The <form> takes no box of its own: the dialog's content and actions stay its flex children (scroll="paper"). */
const ContentsForm = styled(Form)({ display: 'contents' });

/** When a field says what is wrong (react-hook-form's modes); the dialogs' default is 'onTouched'. */
export type FormMode = FormProps['mode'];

export interface DialogFormProps<V extends FieldValues = FieldValues> {
  onClose: () => void;
  /** The valid values, on submit. Without it, the content and a closing button only (e.g. while the form's data loads). */
  onSubmit?: (values: V) => void | Promise<void>;
  /** The fields' first values (react-hook-form's defaultValues). */
  defaultValues?: V;
  /** When a field's problem shows; default 'onTouched' (left once, then as it is typed in). */
  mode?: FormMode;
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

export function DialogForm<V extends FieldValues = FieldValues>({
  onClose,
  onSubmit,
  defaultValues,
  mode = 'onTouched',
  saving = false,
  errorKey,
  submit,
  closeLabel,
  dividers,
  children,
}: DialogFormProps<V>) {
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
    <ContentsForm
      defaultValues={defaultValues}
      mode={mode}
      noValidate
      // The fields say what is wrong; no extra 'the form is not valid' notice.
      disableInvalidFormNotification
      onSubmit={(values: FieldValues) => onSubmit(values as V)}
    >
      {content}
    </ContentsForm>
  );
}

export interface WriteFormDialogProps<V extends FieldValues = FieldValues> extends Omit<FormDialogProps, 'saving' | 'scroll'> {
  /** The dialog's write (writeOf's or useWrite's answer): pending while it saves, its failure's message said in the dialog. */
  write: { isPending: boolean; errorKey: string | null };
  defaultValues: V;
  onSubmit: (values: V) => void;
  mode?: FormMode;
  /** The text and colour of the submit button. */
  submitLabel: string;
  submitColor?: ButtonProps['color'];
}

/** A short form: 'sm' wide unless said otherwise. */
export function WriteFormDialog<V extends FieldValues = FieldValues>({
  title,
  onClose,
  write,
  defaultValues,
  onSubmit,
  mode,
  submitLabel,
  submitColor,
  maxWidth = 'sm',
  children,
}: WriteFormDialogProps<V>) {
  return (
    <FormDialog title={title} onClose={onClose} saving={write.isPending} maxWidth={maxWidth}>
      <DialogForm<V>
        onClose={onClose}
        saving={write.isPending}
        errorKey={write.errorKey}
        defaultValues={defaultValues}
        onSubmit={onSubmit}
        mode={mode}
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
