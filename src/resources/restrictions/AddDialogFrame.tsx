/**
 * The frame every blocking dialog shares: a modal form (closes on Escape and overlay click, not while saving) in
 * two steps, choosing then reviewing (the revenue at stake), with Cancel / Review on the first and Back / the
 * confirming button on the second.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../i18n/I18nContext';
import { DialogForm, FormDialog } from '../../components/FormDialog';

export type Step = 'choose' | 'review';

export interface AddDialogFrameProps {
  title: string;
  /** The flow state shown under the title ('Adding categories'). */
  caption?: string;
  step: Step;
  onClose: () => void;
  /** Choose step: go to the review (may refuse, e.g. invalid entries). */
  onReview: () => void;
  onBack: () => void;
  /** Review step: the write. */
  onConfirm: () => void;
  reviewDisabled: boolean;
  saving: boolean;
  errorKey: string | null;
  confirmLabel: string;
  /** More buttons of the choose step, before Review (IAB edit's Remove All). */
  extraActions?: ReactNode;
  reviewLabel?: string;
  children: ReactNode;
}

export function AddDialogFrame(props: AddDialogFrameProps) {
  const { translate } = useI18n();
  const { step, saving } = props;
  const submit =
    step === 'choose' ? (
      <>
        {props.extraActions}
        <Button type="submit" variant="contained" disabled={props.reviewDisabled}>
          {props.reviewLabel ?? translate('blocking.review.next')}
        </Button>
      </>
    ) : (
      <>
        <Button onClick={props.onBack} disabled={saving}>
          {translate('blocking.review.back')}
        </Button>
        <Button type="submit" variant="contained" color="primary" disabled={saving}>
          {props.confirmLabel}
        </Button>
      </>
    );
  return (
    <FormDialog title={props.title} onClose={props.onClose} saving={saving} scroll="paper">
      <DialogForm
        onClose={props.onClose}
        onSubmit={step === 'choose' ? props.onReview : props.onConfirm}
        saving={saving}
        errorKey={props.errorKey}
        submit={submit}
        dividers
      >
        {props.caption && (
          <Box>
            <Typography variant="overline" component="p" color="text.secondary">
              {props.caption}
            </Typography>
          </Box>
        )}
        {props.children}
      </DialogForm>
    </FormDialog>
  );
}
