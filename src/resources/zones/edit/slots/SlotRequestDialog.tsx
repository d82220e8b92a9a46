/**
 * Requesting slots on the zone (spec section 2 'slots/create', section 5 'Slots'): one or N rows, each with a
 * name, size, implementation type and placement. Rules from src/lib/slots.ts: the flex size is not offered
 * when the zone already has a flex slot; a request that would give the zone a second flex slot cannot be sent
 * (tooltip 'Only 1 flex slot per zone is allowed.'); unnamed rows are named from their size with -N suffixes
 * after the highest one in use. Sent rows become slots with enabled true (the slots resource's create).
 *
 * A modal: Escape and the overlay close it, focus stays inside while it is open and goes back to the button
 * that opened it (SlotsTab). On success it closes and the new slots are in the table; on failure it stays open
 * with everything typed. It does not close while the call runs, so an answer cannot land on a closed form.
 *
 * The form is react-admin's (DialogForm): its values are the rows (`slots`, changed through slotRowsReducer) and
 * how many rows to add (`addCount`, a TextInput checked against the room left).
 */
import { useId, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import TextField from '@mui/material/TextField';
import { useCreate, useInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DialogForm, FormDialog } from '../../../../components/FormDialog';
import { LoadError } from '../../../../components/LoadError';
import { PublisherLine } from '../../../../components/PublisherLine';
import { apiErrorCode } from '../../../../dataProvider/client';
import type { ImplementationTypeRecord, SlotPlacementRecord, SlotRecord, SlotSizeRecord, ZoneRecord } from '../../../../dataProvider/resources';
import { useReference } from '../../../../dataProvider/useReference';
import { useI18n } from '../../../../i18n/I18nContext';
import { useWriteNotices, writeOf, type Write } from '../../../../notices/useWriteNotices';
import { MAX_SLOT_NAME_LENGTH, MAX_SLOT_ROWS } from '../../../../lib/limits';
import { isNameTooLong } from '../../nameLimit';
import {
  availableSlotSizes,
  canRemoveSlotRow,
  FLEX_VIOLATION_KEY,
  flexViolation,
  isFlexSize,
  nameSlotRows,
  type SlotRequestRow,
} from '../../../../lib/slots';
import { addableRows, initialSlotRows, slotRowsReducer, toRequestRows, type SlotRowsAction, type SlotRowsState } from './slotRowsReducer';
import { SlotRowFields } from './SlotRowFields';

interface SlotRequestDialogProps {
  zone: ZoneRecord;
  /** The zone's slots; undefined while they load. */
  existing: SlotRecord[] | undefined;
  onClose: () => void;
}

export function SlotRequestDialog({ zone, existing, onClose }: SlotRequestDialogProps) {
  const { translate } = useI18n();
  const sizes = useReference('slotSizes');
  const implementationTypes = useReference('implementationTypes');
  const placements = useReference('slotPlacements');
  const requesting = useWriteNotices('requestSlots', {
    // A flex slot added meanwhile: say why; the refetch takes the flex size out of the choices.
    failureKey: (error) => (apiErrorCode(error) === 'FLEX_SLOT_LIMIT' ? FLEX_VIOLATION_KEY : undefined),
    // The slots table and the zone's slot counts.
    invalidate: ['slots', 'zones'],
  });
  const request = writeOf(requesting, useCreate<{ rows: SlotRequestRow[] }, unknown, SlotRecord>('slots', undefined, requesting), (rows: SlotRequestRow[]) => ({
    data: { rows },
    meta: { zoneId: zone.trackingId },
  }));
  const references = [sizes, implementationTypes, placements];
  const failed = references.some((query) => query.isLoadingError);

  const ready = existing !== undefined && sizes.data !== undefined && implementationTypes.data !== undefined && placements.data !== undefined;

  return (
    <FormDialog title={translate('zoneEdit.slotRequest.title', { name: zone.name })} onClose={onClose} saving={request.isPending} maxWidth="lg" scroll="paper">
      {ready ? (
        <SlotRequestForm
          existing={existing}
          sizes={sizes.data}
          implementationTypes={implementationTypes.data}
          placements={placements.data}
          request={request}
          onClose={onClose}
        />
      ) : (
        <DialogForm onClose={onClose}>
          {failed ? (
            <LoadError onRetry={() => references.forEach((query) => void query.refetch())} />
          ) : (
            <LinearProgress aria-label={translate('common.loading')} />
          )}
        </DialogForm>
      )}
    </FormDialog>
  );
}

interface SlotRequestFormProps {
  existing: SlotRecord[];
  sizes: SlotSizeRecord[];
  implementationTypes: ImplementationTypeRecord[];
  placements: SlotPlacementRecord[];
  request: Pick<Write<SlotRequestRow[]>, 'isPending' | 'errorKey' | 'mutateAsync'>;
  onClose: () => void;
}

/** The form's values: the rows, and how many rows to add as typed. */
type Values = { slots: SlotRowsState; addCount: string | null };

interface SlotRules {
  existing: SlotRecord[];
  sizes: SlotSizeRecord[];
}

/** The rows of the form and what follows from them (names, the flex rule, the limits), and a dispatch changing them. */
function useSlotRows({ existing, sizes }: SlotRules) {
  const { setValue } = useFormContext<Values>();
  const state = useWatch<Values, 'slots'>({ name: 'slots' });
  const addCount = useWatch<Values, 'addCount'>({ name: 'addCount' }) ?? '';
  const zoneHasFlex = existing.some((slot) => isFlexSize(slot.slotSize));
  const existingNames = useMemo(() => existing.map((slot) => slot.name), [existing]);
  const named = useMemo(() => nameSlotRows(toRequestRows(state.rows), existingNames, sizes), [state.rows, existingNames, sizes]);
  const room = MAX_SLOT_ROWS - state.rows.length;
  const count = Number(addCount);
  return {
    state,
    named,
    zoneHasFlex,
    violation: flexViolation(state.rows, sizes, zoneHasFlex),
    nameTooLong: state.rows.some((row) => isNameTooLong(row.name, MAX_SLOT_NAME_LENGTH)),
    room,
    full: room <= 0,
    count,
    // Refused with a message next to the field, never clamped behind the user's back (1000 once added 50).
    countValid: addCount.trim() !== '' && count >= 1 && addableRows(state.rows.length, count) === count,
    dispatch: (action: SlotRowsAction) => setValue('slots', slotRowsReducer(state, action), { shouldDirty: true }),
  };
}

function SlotRequestForm({ existing, sizes, implementationTypes, placements, request, onClose }: SlotRequestFormProps) {
  const violationId = useId();
  const saving = request.isPending;
  const zoneHasFlex = existing.some((slot) => isFlexSize(slot.slotSize));
  const sizeOptions = useMemo(() => availableSlotSizes(sizes, zoneHasFlex), [sizes, zoneHasFlex]);
  // The default size (spec: 4) unless the zone may not use it; then the first it may.
  const defaultSizeId = sizeOptions.some((size) => size.id === initialSlotRows().rows[0]?.sizeId) ? undefined : sizeOptions[0]?.id;
  const defaults = useMemo<Values>(() => ({ slots: initialSlotRows(defaultSizeId), addCount: '2' }), [defaultSizeId]);
  const existingNames = useMemo(() => existing.map((slot) => slot.name), [existing]);

  async function submit({ slots }: Values) {
    if (flexViolation(slots.rows, sizes, zoneHasFlex) || slots.rows.some((row) => isNameTooLong(row.name, MAX_SLOT_NAME_LENGTH)) || saving) return;
    try {
      await request.mutateAsync(nameSlotRows(toRequestRows(slots.rows), existingNames, sizes));
    } catch {
      return;
    }
    onClose();
  }

  return (
    <DialogForm<Values>
      onClose={onClose}
      defaultValues={defaults}
      onSubmit={(values) => void submit(values)}
      saving={saving}
      errorKey={request.errorKey}
      dividers
      submit={<SubmitButton existing={existing} sizes={sizes} saving={saving} violationId={violationId} />}
    >
      <SlotRows
        existing={existing}
        sizes={sizes}
        sizeOptions={sizeOptions}
        defaultSizeId={defaultSizeId}
        implementationTypes={implementationTypes}
        placements={placements}
        saving={saving}
        violationId={violationId}
      />
    </DialogForm>
  );
}

function SubmitButton({ saving, violationId, ...rules }: SlotRules & { saving: boolean; violationId: string }) {
  const { translate } = useI18n();
  const { state, violation, nameTooLong } = useSlotRows(rules);
  const button = (
    <Button type="submit" variant="contained" disabled={violation || nameTooLong || saving} aria-describedby={violation ? violationId : undefined}>
      {translate('zoneEdit.slotRequest.submit', { smart_count: state.rows.length })}
    </Button>
  );
  return violation ? (
    <Tooltip title={translate(FLEX_VIOLATION_KEY)} describeChild>
      {/* A disabled button gets no pointer events; the span shows the tooltip for it. */}
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

interface SlotRowsProps extends SlotRules {
  sizeOptions: SlotSizeRecord[];
  defaultSizeId: number | undefined;
  implementationTypes: ImplementationTypeRecord[];
  placements: SlotPlacementRecord[];
  saving: boolean;
  violationId: string;
}

function SlotRows({ sizeOptions, defaultSizeId, implementationTypes, placements, saving, violationId, ...rules }: SlotRowsProps) {
  const { translate } = useI18n();
  const howManyId = useId();
  const { state, named, violation, room, full, count, countValid, dispatch } = useSlotRows(rules);
  // The form's `addCount` as typed (a custom input: its message is no validation of the request).
  const { field: addCountField } = useInput<string>({ source: 'addCount', parse: (value: string) => value, format: (value: string | null) => value ?? '' });
  return (
    <>
      <PublisherLine />
      {state.rows.map((row, index) => (
        <SlotRowFields
          key={row.key}
          row={row}
          position={index + 1}
          generatedName={named[index]?.name ?? ''}
          sizes={sizeOptions}
          implementationTypes={implementationTypes}
          placements={placements}
          canRemove={canRemoveSlotRow(state.rows.length)}
          disabled={saving}
          onChange={(changes) => dispatch({ type: 'change', key: row.key, changes })}
          onRemove={() => dispatch({ type: 'remove', key: row.key })}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Button startIcon={<AddIcon aria-hidden />} onClick={() => dispatch({ type: 'add', count: 1, sizeId: defaultSizeId })} disabled={full || saving}>
          {translate('zoneEdit.slotRequest.addOne')}
        </Button>
        <TextField
          {...addCountField}
          id={howManyId}
          type="number"
          label={translate('zoneEdit.slotRequest.howMany')}
          size="small"
          sx={{ width: 140 }}
          disabled={full || saving}
          // Said next to the field as it is typed; no check of the request (Request stays possible).
          error={!full && !countValid}
          helperText={!full && !countValid ? translate('zoneEdit.slotRequest.howManyRange', { max: room }) : undefined}
          slotProps={{ htmlInput: { min: 1, max: Math.max(room, 1), step: 1 } }}
        />
        <Button variant="outlined" onClick={() => dispatch({ type: 'add', count, sizeId: defaultSizeId })} disabled={full || !countValid || saving}>
          {countValid ? translate('zoneEdit.slotRequest.addMany', { smart_count: count }) : translate('zoneEdit.slotRequest.addSome')}
        </Button>
      </Box>
      {full && <Alert severity="info">{translate('zoneEdit.slotRequest.full', { max: MAX_SLOT_ROWS })}</Alert>}
      {violation && (
        <Alert severity="error" id={violationId}>
          {translate(FLEX_VIOLATION_KEY)}
        </Alert>
      )}
    </>
  );
}
