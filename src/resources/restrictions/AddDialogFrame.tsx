/**
 * The frame every blocking dialog shares: a modal form (closes on Escape and overlay click, not while saving) in
 * two steps, choosing then reviewing (the revenue at stake), with Cancel / Review on the first and Back / the
 * confirming button on the second. Both steps name the publisher (and zone) the dialog acts on, and so does the
 * confirming button (issue 21: a dialog left open while another tab chose another publisher still says, and
 * writes to, the one it was opened for).
 *
 * The form is react-admin's (DialogForm): the dialog declares its values (`defaultValues`), its fields are inputs of
 * that form, and what depends on the values (the content, Review's state, the confirming label) is a function of
 * them. Going back from the review finds the fields as they were left.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useI18n } from '../../i18n/I18nContext';
import { DialogForm, FormDialog, type FieldValues, type FormMode } from '../../components/FormDialog';

export type Step = 'choose' | 'review';

/** A value, or what it is for the form's current values. */
type OfValues<V, T> = T | ((values: V) => T);

export interface AddDialogFrameProps<V extends FieldValues> {
  title: string;
  /** The flow state shown under the title ('Adding categories'). */
  caption?: string;
  /** The line naming the publisher (and zone) the dialog acts on (useBlockingTarget), on both steps. */
  target: string;
  step: Step;
  onClose: () => void;
  /** The form's values (react-hook-form's defaultValues). */
  defaultValues: V;
  /** When a field's problem shows (DialogForm's default otherwise). */
  mode?: FormMode;
  /** Choose step: go to the review (may refuse, e.g. invalid entries). */
  onReview: (values: V) => void;
  onBack: () => void;
  /** Review step: the write. */
  onConfirm: (values: V) => void;
  reviewDisabled: OfValues<V, boolean>;
  saving: boolean;
  errorKey: string | null;
  confirmLabel: OfValues<V, string>;
  /** More buttons of the choose step, before Review (IAB edit's Remove All). */
  extraActions?: OfValues<V, ReactNode>;
  reviewLabel?: string;
  children: OfValues<V, ReactNode>;
}

function of<V, T>(value: OfValues<V, T>, values: V): T {
  return typeof value === 'function' ? (value as (values: V) => T)(values) : value;
}

/** What depends on the values, rendered inside the form so that it follows them. */
function WithValues<V extends FieldValues>({ defaultValues, render }: { defaultValues: V; render: (values: V) => ReactNode }) {
  const values = { ...defaultValues, ...useWatch() } as V;
  return <>{render(values)}</>;
}

export function AddDialogFrame<V extends FieldValues>(props: AddDialogFrameProps<V>) {
  const { translate } = useI18n();
  const { step, saving, defaultValues } = props;
  const submit = (
    <WithValues
      defaultValues={defaultValues}
      render={(values) =>
        step === 'choose' ? (
          <>
            {of(props.extraActions, values)}
            <Button type="submit" variant="contained" disabled={of(props.reviewDisabled, values)}>
              {props.reviewLabel ?? translate('blocking.review.next')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={props.onBack} disabled={saving}>
              {translate('blocking.review.back')}
            </Button>
            <Button type="submit" variant="contained" color="primary" disabled={saving}>
              {of(props.confirmLabel, values)}
            </Button>
          </>
        )
      }
    />
  );
  return (
    <FormDialog title={props.title} onClose={props.onClose} saving={saving} scroll="paper">
      <DialogForm<V>
        onClose={props.onClose}
        defaultValues={defaultValues}
        mode={props.mode}
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
        <WithValues defaultValues={defaultValues} render={(values) => of(props.children, values)} />
      </DialogForm>
    </FormDialog>
  );
}
