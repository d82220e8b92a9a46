/**
 * The zone's slots (spec section 2 'Slots'): id, name, size, implementation type and a copy-code action that
 * copies the code of the slot's implementation type (src/lib/slotCodes.ts; spec section 9).
 */
import { useMemo, useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { components } from '../../../../dataProvider/schema';
import { useI18n } from '../../../../i18n/I18nContext';
import { slotCode } from '../../../../lib/slotCodes';
import { CopyButton } from '../common/CopyButton';
import { SortableHeaderCell } from '../common/SortableHeaderCell';
import { QueryTableRows } from '../common/TableStateRow';
import { nextSort, sortRows, type SortState } from '../common/tableSort';
import type { useSlots } from '../zoneQueries';
import { useSlotLabels } from './useSlotLabels';

type Slot = components['schemas']['Slot'];
type Field = 'id' | 'name' | 'size' | 'implementationType';
const COLUMNS = 5;

/** The slot's code, or null for an implementation type the console has no code for. */
export function codeOf(slot: Slot): string | null {
  try {
    return slotCode(slot.implementationType.id, { id: slot.id, width: slot.slotSize.width, height: slot.slotSize.height });
  } catch {
    return null;
  }
}

export function SlotsTable({ slots, label }: { slots: ReturnType<typeof useSlots>; label: string }) {
  const { translate, locale } = useI18n();
  const { sizeLabel, implementationTypeLabel } = useSlotLabels();
  const [sort, setSort] = useState<SortState<Field>>({ field: 'id', order: 'ASC' });
  const onSort = (field: Field) => setSort(nextSort(sort, field));

  const rows = useMemo(
    () =>
      sortRows(
        slots.data ?? [],
        sort,
        (slot, field) =>
          field === 'id'
            ? slot.id
            : field === 'name'
              ? slot.name
              : field === 'size'
                ? sizeLabel(slot.slotSize)
                : implementationTypeLabel(slot.implementationType),
        locale,
      ),
    [slots.data, sort, sizeLabel, implementationTypeLabel, locale],
  );

  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="id" sort={sort} onSort={onSort}>
              {translate('zoneEdit.slots.id')}
            </SortableHeaderCell>
            <SortableHeaderCell field="name" sort={sort} onSort={onSort}>
              {translate('zoneEdit.slots.name')}
            </SortableHeaderCell>
            <SortableHeaderCell field="size" sort={sort} onSort={onSort}>
              {translate('zoneEdit.slots.size')}
            </SortableHeaderCell>
            <SortableHeaderCell field="implementationType" sort={sort} onSort={onSort}>
              {translate('zoneEdit.slots.implementationType')}
            </SortableHeaderCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {translate('zoneEdit.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <QueryTableRows query={slots} colSpan={COLUMNS} rowCount={rows.length} empty={translate('zoneEdit.slots.empty')}>
            {rows.map((slot) => {
              const code = codeOf(slot);
              return (
                <TableRow key={slot.id} hover>
                  <TableCell>{slot.id}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{slot.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{sizeLabel(slot.slotSize)}</TableCell>
                  <TableCell>{implementationTypeLabel(slot.implementationType)}</TableCell>
                  <TableCell align="right">
                    <CopyButton
                      text={code ?? ''}
                      disabled={code === null}
                      label={translate('zoneEdit.slots.copyCode', { name: slot.name })}
                    >
                      {translate('zoneEdit.slots.copy')}
                    </CopyButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </QueryTableRows>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
