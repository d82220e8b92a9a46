/**
 * One row of the slot request form: name (left empty, it is named from its size: the placeholder shows the
 * name it will get), size, implementation type, placement, and remove (disabled while it is the only row).
 */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { components } from '../../../../../openapi/portal';
import { useI18n } from '../../../../i18n/I18nContext';
import { MAX_SLOT_NAME_LENGTH } from '../../../../lib/limits';
import { isNameTooLong, nameLimitText } from '../../nameLimit';
import type { SlotRequestRow } from '../../../../lib/slots';
import type { SlotRowDraft } from './slotRowsReducer';
import { useSlotLabels } from './useSlotLabels';

type Schemas = components['schemas'];

export interface SlotRowFieldsProps {
  row: SlotRowDraft;
  /** 1-based, for the labels. */
  position: number;
  generatedName: string;
  sizes: readonly Schemas['SlotSize'][];
  implementationTypes: readonly Schemas['ImplementationType'][];
  placements: readonly Schemas['SlotPlacement'][];
  canRemove: boolean;
  disabled: boolean;
  onChange: (changes: Partial<SlotRequestRow>) => void;
  onRemove: () => void;
}

export function SlotRowFields(props: SlotRowFieldsProps) {
  const { row, position, generatedName, sizes, implementationTypes, placements, canRemove, disabled, onChange, onRemove } = props;
  const { translate } = useI18n();
  const { sizeLabel, implementationTypeLabel, placementLabel } = useSlotLabels();
  const legend = translate('zoneEdit.slotRequest.row', { position });
  // The label stays above: 'None' (an empty value) would otherwise sit under it.
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  // Size, implementation type and placement (none allowed): each a native select of the reference's entries.
  const selects = [
    { label: 'size', value: row.sizeId, options: sizes.map((size) => ({ value: size.id, label: sizeLabel(size) })), change: (value: string) => onChange({ sizeId: Number(value) }) },
    {
      label: 'implementationType',
      value: row.implementationTypeId,
      options: implementationTypes.map((type) => ({ value: type.id, label: implementationTypeLabel(type) })),
      change: (value: string) => onChange({ implementationTypeId: Number(value) }),
    },
    {
      label: 'placement',
      value: row.placementId,
      options: [{ value: '', label: translate('zoneEdit.slotRequest.noPlacement') }, ...placements.map((placement) => ({ value: String(placement.id), label: placementLabel(placement) }))],
      change: (value: string) => onChange({ placementId: value }),
    },
  ];
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" sx={{ px: 0.5, fontWeight: 600 }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr 1fr auto' }, alignItems: 'start' }}>
        <TextField
          label={translate('zoneEdit.slotRequest.name')}
          value={row.name}
          placeholder={generatedName}
          onChange={(event) => onChange({ name: event.target.value })}
          // The limit is said as the name is typed; a longer name is refused with its length, never cut (issue 21).
          helperText={row.name.trim() === '' ? translate('zoneEdit.slotRequest.nameHint', { name: generatedName }) : nameLimitText(translate, row.name, MAX_SLOT_NAME_LENGTH)}
          error={isNameTooLong(row.name, MAX_SLOT_NAME_LENGTH)}
          disabled={disabled}
          size="small"
        />
        {selects.map((select) => (
          <TextField
            key={select.label}
            select
            label={translate(`zoneEdit.slotRequest.${select.label}`)}
            value={select.value}
            onChange={(event) => select.change(event.target.value)}
            disabled={disabled}
            size="small"
            slotProps={native}
          >
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
        ))}
        <Tooltip title={canRemove ? translate('zoneEdit.slotRequest.remove') : translate('zoneEdit.slotRequest.keepOne')} describeChild>
          {/* The span lets the tooltip explain a disabled button. */}
          <span>
            <IconButton aria-label={translate('zoneEdit.slotRequest.removeRow', { position })} onClick={onRemove} disabled={!canRemove || disabled}>
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
