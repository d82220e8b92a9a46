/**
 * Requesting slots on the zone (spec section 2 'slots/create', section 5 'Slots'): one or N rows, each with a
 * name, size, implementation type and placement. Rules from src/lib/slots.ts: the flex size is not offered
 * when the zone already has a flex slot; a request that would give the zone a second flex slot cannot be sent
 * (tooltip 'Only 1 flex slot per zone is allowed.'); unnamed rows are named from their size with -N suffixes
 * after the highest one in use. Sent rows become slots with enabled true (dataProvider.requestSlots).
 *
 * A modal: Escape and the overlay close it, focus stays inside while it is open and goes back to the button
 * that opened it (SlotsTab). On success it closes and the new slots are in the table; on failure it stays open
 * with everything typed. It does not close while the call runs, so an answer cannot land on a closed form.
 */
import { useId, useMemo, useReducer, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { apiErrorCode } from '../../../../dataProvider/client';
import type { ZoneRecord } from '../../../../dataProvider/resources';
import type { components } from '../../../../dataProvider/schema';
import { useI18n } from '../../../../i18n/I18nContext';
import { useNotices } from '../../../../layout/notifications/NoticesProvider';
import { NOTICE_OPERATIONS } from '../../../../layout/notifications/operations';
import {
  availableSlotSizes,
  canRemoveSlotRow,
  FLEX_VIOLATION_KEY,
  flexViolation,
  isFlexSize,
  nameSlotRows,
} from '../../../../lib/slots';
import { LoadError } from '../common/LoadError';
import { invalidateZoneTags, useImplementationTypes, usePortalDataProvider, useSlotPlacements, useSlotSizes, zoneKeys } from '../zoneQueries';
import { MAX_SLOT_ROWS } from '../../../../lib/limits';
import { addableRows, initialSlotRows, slotRowsReducer, toRequestRows } from './slotRowsReducer';
import { SlotRowFields } from './SlotRowFields';

type Slot = components['schemas']['Slot'];

export interface SlotRequestDialogProps {
  zone: ZoneRecord;
  /** The zone's slots; undefined while they load. */
  existing: Slot[] | undefined;
  onClose: () => void;
}

export function SlotRequestDialog({ zone, existing, onClose }: SlotRequestDialogProps) {
  const { translate } = useI18n();
  const titleId = useId();
  const sizes = useSlotSizes();
  const implementationTypes = useImplementationTypes();
  const placements = useSlotPlacements();
  const [saving, setSaving] = useState(false);
  const references = [sizes, implementationTypes, placements];
  const failed = references.some((query) => query.isError);
  const ready = existing !== undefined && sizes.isSuccess && implementationTypes.isSuccess && placements.isSuccess;

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="lg" scroll="paper">
      <DialogTitle id={titleId}>{translate('zoneEdit.slotRequest.title', { name: zone.name })}</DialogTitle>
      {ready ? (
        <SlotRequestForm
          zone={zone}
          existing={existing}
          sizes={sizes.data}
          implementationTypes={implementationTypes.data}
          placements={placements.data}
          saving={saving}
          setSaving={setSaving}
          onClose={onClose}
        />
      ) : (
        <>
          <DialogContent>
            {failed ? (
              <LoadError onRetry={() => references.forEach((query) => void query.refetch())} />
            ) : (
              <LinearProgress aria-label={translate('common.loading')} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

interface SlotRequestFormProps {
  zone: ZoneRecord;
  existing: Slot[];
  sizes: components['schemas']['SlotSize'][];
  implementationTypes: components['schemas']['ImplementationType'][];
  placements: components['schemas']['SlotPlacement'][];
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onClose: () => void;
}

function SlotRequestForm({ zone, existing, sizes, implementationTypes, placements, saving, setSaving, onClose }: SlotRequestFormProps) {
  const { translate } = useI18n();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const violationId = useId();
  const zoneId = zone.trackingId;

  const zoneHasFlex = existing.some((slot) => isFlexSize(slot.slotSize));
  const sizeOptions = useMemo(() => availableSlotSizes(sizes, zoneHasFlex), [sizes, zoneHasFlex]);
  // The default size (spec: 4) unless the zone may not use it; then the first it may.
  const defaultSizeId = sizeOptions.some((size) => size.id === initialSlotRows().rows[0]?.sizeId) ? undefined : sizeOptions[0]?.id;
  const [state, dispatch] = useReducer(slotRowsReducer, defaultSizeId, initialSlotRows);
  const [addCount, setAddCount] = useState('2');
  // The notice surface is hidden from screen readers while a modal is open, so errors are repeated here.
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const existingNames = useMemo(() => existing.map((slot) => slot.name), [existing]);
  const named = useMemo(() => nameSlotRows(toRequestRows(state.rows), existingNames, sizes), [state.rows, existingNames, sizes]);
  const violation = flexViolation(state.rows, sizes, zoneHasFlex);
  const count = Number(addCount);
  const canAddMany = addableRows(state.rows.length, count) > 0;
  const full = state.rows.length >= MAX_SLOT_ROWS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (violation || saving) return;
    setErrorKey(null);
    setSaving(true);
    let created: Slot[];
    try {
      created = await notices.run(NOTICE_OPERATIONS.requestSlots, () => dataProvider.requestSlots(zoneId, named));
    } catch (error) {
      setSaving(false);
      const flexLimit = apiErrorCode(error) === 'FLEX_SLOT_LIMIT';
      setErrorKey(flexLimit ? FLEX_VIOLATION_KEY : 'errorMessages.general');
      if (flexLimit) {
        // A flex slot was added meanwhile: say why, and refresh so the flex size disappears from the choices.
        notices.show({
          key: FLEX_VIOLATION_KEY,
          context: 'danger',
          endpointName: NOTICE_OPERATIONS.requestSlots.endpointName,
          requestStatus: 'rejected',
          neverFade: true,
        });
        void invalidateZoneTags(queryClient, zoneId, ['Zone Slots']);
      }
      return;
    }
    // The new slots show at once; the refetch confirms them and the zone's slot count.
    queryClient.setQueryData<Slot[]>(zoneKeys.slots(zoneId), (slots) => [...(slots ?? []), ...created]);
    void invalidateZoneTags(queryClient, zoneId, ['Zone Slots', 'Zone']);
    setSaving(false);
    onClose();
  }

  const submitButton = (
    <Button type="submit" variant="contained" disabled={violation || saving} aria-describedby={violation ? violationId : undefined}>
      {translate('zoneEdit.slotRequest.submit', { smart_count: state.rows.length })}
    </Button>
  );

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {errorKey && (
          <Alert severity="error" role="alert">
            {translate(errorKey)}
          </Alert>
        )}
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
          <Button
            startIcon={<AddIcon aria-hidden />}
            onClick={() => dispatch({ type: 'add', count: 1, sizeId: defaultSizeId })}
            disabled={full || saving}
          >
            {translate('zoneEdit.slotRequest.addOne')}
          </Button>
          <TextField
            type="number"
            label={translate('zoneEdit.slotRequest.howMany')}
            value={addCount}
            onChange={(event) => setAddCount(event.target.value)}
            size="small"
            sx={{ width: 140 }}
            disabled={full || saving}
            slotProps={{ htmlInput: { min: 1, max: MAX_SLOT_ROWS, step: 1 } }}
          />
          <Button
            variant="outlined"
            onClick={() => dispatch({ type: 'add', count, sizeId: defaultSizeId })}
            disabled={!canAddMany || saving}
          >
            {translate('zoneEdit.slotRequest.addMany', { smart_count: Number.isInteger(count) && count > 0 ? count : 0 })}
          </Button>
        </Box>
        {full && <Alert severity="info">{translate('zoneEdit.slotRequest.full', { max: MAX_SLOT_ROWS })}</Alert>}
        {violation && (
          <Alert severity="error" id={violationId}>
            {translate(FLEX_VIOLATION_KEY)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('common.cancel')}
        </Button>
        {violation ? (
          <Tooltip title={translate(FLEX_VIOLATION_KEY)} describeChild>
            {/* A disabled button gets no pointer events; the span shows the tooltip for it. */}
            <span>{submitButton}</span>
          </Tooltip>
        ) : (
          submitButton
        )}
      </DialogActions>
    </Box>
  );
}
