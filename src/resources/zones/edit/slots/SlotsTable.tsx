/**
 * The zone's slots (spec section 2 'Slots'): id, name, size, implementation type, status and a copy-code action
 * that copies the code of the slot's implementation type (src/lib/slotCodes.ts; spec section 9). A requested slot
 * waits for the network operator's approval (Slot.status, issue 21): it says so, and has no code to copy until
 * then (the server's export gives none either).
 */
import { useCallback } from 'react';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import TableRow from '@mui/material/TableRow';
import { CopyButton } from '../../../../components/CopyButton';
import { QueryTable } from '../../../../components/table/QueryTable';
import { tableRoles } from '../../../../components/table/stackedTable';
import type { TableQuery } from '../../../../components/table/TableStateRows';
import { useSortedRows } from '../../../../components/table/sortRows';
import type { SlotRecord } from '../../../../dataProvider/resources';
import { useI18n } from '../../../../i18n/I18nContext';
import { slotCode } from '../../../../lib/slotCodes';
import { useSlotLabels } from './useSlotLabels';

type Slot = SlotRecord;
type Field = 'id' | 'name' | 'size' | 'implementationType' | 'status';

/** The slot's code, or null for an implementation type the console has no code for. */
export function codeOf(slot: Slot): string | null {
  try {
    return slotCode(slot.implementationType.id, { id: slot.id, size: slot.slotSize });
  } catch {
    return null;
  }
}

export function SlotsTable({ slots, label }: { slots: TableQuery & { data?: Slot[] }; label: string }) {
  const { translate } = useI18n();
  const { sizeLabel, implementationTypeLabel } = useSlotLabels();
  const sorting = useSortedRows<Slot, Field>(
    slots.data,
    { field: 'id', order: 'ASC' },
    useCallback(
      (slot, field) =>
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
    <QueryTable
      label={label}
      columns={[
        { label: translate('zoneEdit.slots.id'), sortField: 'id' },
        { label: translate('zoneEdit.slots.name'), sortField: 'name' },
        { label: translate('zoneEdit.slots.size'), sortField: 'size' },
        { label: translate('zoneEdit.slots.implementationType'), sortField: 'implementationType' },
        { label: translate('zoneEdit.slots.status'), sortField: 'status' },
        { label: translate('zoneEdit.actions'), align: 'right', stackedLabel: false },
      ]}
      query={slots}
      sorting={sorting}
      empty={translate('zoneEdit.slots.empty')}
      // Six columns do not fit a phone: cards there, each with its status and copy button in view (issue 21).
      stackBelow="md"
    >
      {(slot) => {
        const code = codeOf(slot);
        return (
          <TableRow key={slot.id} hover {...tableRoles.row}>
            <TableCell {...tableRoles.cell}>{slot.id}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }} {...tableRoles.cell}>
              {slot.name}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }} {...tableRoles.cell}>
              {sizeLabel(slot.slotSize)}
            </TableCell>
            <TableCell {...tableRoles.cell}>{implementationTypeLabel(slot.implementationType)}</TableCell>
            <TableCell {...tableRoles.cell}>
              <Chip
                size="small"
                variant="outlined"
                color={slot.status === 'APPROVED' ? 'success' : 'warning'}
                label={translate(slot.status === 'APPROVED' ? 'zoneEdit.slots.approved' : 'zoneEdit.slots.requested')}
              />
            </TableCell>
            <TableCell align="right" {...tableRoles.cell}>
              {slot.status === 'APPROVED' ? (
                <CopyButton text={code ?? ''} disabled={code === null} label={translate('zoneEdit.slots.copyCode', { name: slot.name })}>
                  {translate('zoneEdit.slots.copy')}
                </CopyButton>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('zoneEdit.slots.codeAfterApproval')}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        );
      }}
    </QueryTable>
  );
}
