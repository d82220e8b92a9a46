/**
 * The zone's slots (spec section 2 'Slots'): id, name, size, implementation type, status and a copy-code action
 * that copies the code of the slot's implementation type (src/lib/slotCodes.ts; spec section 9). A requested slot
 * waits for the network operator's approval (Slot.status, issue 21): it says so, and has no code to copy until
 * then (the server's export gives none either).
 */
import { useCallback } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DataTable, ListContextProvider, type UseGetListHookValue } from 'react-admin';
import { CopyButton } from '../../../../components/CopyButton';
import { ListTable } from '../../../../components/list/ListTable';
import { useWholeList } from '../../../../components/table/useWholeList';
import type { SlotRecord } from '../../../../dataProvider/resources';
import { useI18n } from '../../../../i18n/I18nContext';
import { slotCode } from '../../../../lib/slotCodes';
import { useSlotLabels } from './useSlotLabels';

type Slot = SlotRecord;
const Col = DataTable.Col<Slot>;

/** The slot's code, or null for an implementation type the console has no code for. */
export function codeOf(slot: Slot): string | null {
  try {
    return slotCode(slot.implementationType.id, { id: slot.id, size: slot.slotSize });
  } catch {
    return null;
  }
}

export function SlotsTable({ slots, label }: { slots: UseGetListHookValue<Slot>; label: string }) {
  const { translate } = useI18n();
  const { sizeLabel, implementationTypeLabel } = useSlotLabels();
  const list = useWholeList(
    'slots',
    slots,
    { field: 'id', order: 'ASC' },
    useCallback(
      (slot: Slot, field: string) =>
        field === 'id'
          ? slot.id
          : field === 'name'
            ? slot.name
            : field === 'size'
              ? sizeLabel(slot.slotSize)
              : field === 'status'
                ? slot.status
                : implementationTypeLabel(slot.implementationType),
      [sizeLabel, implementationTypeLabel],
    ),
  );

  return (
    <ListContextProvider value={list}>
      {/* Six columns do not fit a phone: cards there, each with its status and copy button in view (issue 21). */}
      <ListTable<Slot> label={label} empty={translate('zoneEdit.slots.empty')} stackBelow="md">
        <Col source="id" label={translate('zoneEdit.slots.id')} />
        <Col source="name" label={translate('zoneEdit.slots.name')} sx={{ overflowWrap: 'anywhere' }} />
        <Col source="size" label={translate('zoneEdit.slots.size')} sx={{ whiteSpace: 'nowrap' }} render={(slot) => sizeLabel(slot.slotSize)} />
        <Col source="implementationType" label={translate('zoneEdit.slots.implementationType')} render={(slot) => implementationTypeLabel(slot.implementationType)} />
        <Col
          source="status"
          label={translate('zoneEdit.slots.status')}
          render={(slot) => (
            <Chip
              size="small"
              variant="outlined"
              color={slot.status === 'APPROVED' ? 'success' : 'warning'}
              label={translate(slot.status === 'APPROVED' ? 'zoneEdit.slots.approved' : 'zoneEdit.slots.requested')}
            />
          )}
        />
        <Col
          label={translate('zoneEdit.actions')}
          align="right"
          data-stacked={false}
          render={(slot) => {
            const code = codeOf(slot);
            return slot.status === 'APPROVED' ? (
              <CopyButton text={code ?? ''} disabled={code === null} label={translate('zoneEdit.slots.copyCode', { name: slot.name })}>
                {translate('zoneEdit.slots.copy')}
              </CopyButton>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('zoneEdit.slots.codeAfterApproval')}
              </Typography>
            );
          }}
        />
      </ListTable>
    </ListContextProvider>
  );
}
