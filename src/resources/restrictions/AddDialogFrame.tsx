/**
 * The frame every blocking dialog shares: a modal form (closes on Escape and overlay click, not while saving) in
 * two steps, choosing then reviewing (the revenue at stake), with Cancel / Review on the first and Back / the
 * confirming button on the second. Both steps name the publisher (and zone) the dialog acts on, and so does the
 * confirming button (issue 21: a dialog left open while another tab chose another publisher still says, and
 * writes to, the one it was opened for).
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
  /** The line naming the publisher (and zone) the dialog acts on (useBlockingTarget), on both steps. */
  target: string;
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
        <Box>
          {/* The spec's flow state in sentence case under the title, not an all-capitals label above the picker. */}
          {props.caption && (
            <Typography variant="body2" color="text.secondary">
              {props.caption}
            </Typography>
          )}
          <Typography sx={{ fontWeight: 600 }}>{props.target}</Typography>
        </Box>
        {props.children}
      </DialogForm>
    </FormDialog>
  );
}
