/**
 * The zone domain identifiers table's columns (spec section 2): domain, domain id and self identifiers; in edit
 * mode the third column is a multi-select of the self identifiers, otherwise read-only text.
 */
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import type { PagedColumn } from '../../components/list/PagedTable';
import type { SelfIdentifierRecord, ZoneDomainSelfIdentifiersRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { chosenIds, inOptionOrder, type Selections } from './selfIdentifierEdits';

export interface SelfIdentifierColumnsOptions {
  /** Edit mode: the options of the multi-selects; undefined in view mode. */
  options: readonly SelfIdentifierRecord[] | undefined;
  selections: Selections;
  onChoose: (zoneDomainId: number, ids: number[]) => void;
  /** Rows shown are an earlier answer while a new one loads (or a save runs): not editable. */
  locked: boolean;
}

export function useSelfIdentifierColumns({ options, selections, onChoose, locked }: SelfIdentifierColumnsOptions): PagedColumn<ZoneDomainSelfIdentifiersRecord>[] {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`accountSettings.inclusiveInventory.${key}`, values);
  const names = (ids: readonly number[], fallback: readonly SelfIdentifierRecord[]) => {
    const byId = new Map([...fallback, ...(options ?? [])].map((option) => [option.id, option.name]));
    const listed = ids.map((id) => byId.get(id) ?? String(id));
    return listed.length ? listed.join(', ') : t('none');
  };
  return [
    { id: 'domain', label: t('columns.domain'), cellSx: { overflowWrap: 'anywhere', minWidth: 120 }, render: (row) => row.domain.domain },
    { id: 'domainId', label: t('columns.domainId'), cellSx: { fontVariantNumeric: 'tabular-nums' }, render: (row) => row.zoneDomainId },
    {
      id: 'selfIdentifiers',
      label: t('columns.selfIdentifiers'),
      headerSx: { width: { md: '45%' } },
      render: (row) => {
        const chosen = chosenIds(row, selections);
        return options ? (
          <Select
            multiple
            size="small"
            fullWidth
            displayEmpty
            disabled={locked}
            value={[...chosen]}
            onChange={(event) => {
              const value = event.target.value;
              onChoose(row.zoneDomainId, inOptionOrder(typeof value === 'string' ? [] : value, options));
            }}
            renderValue={(ids) => names(ids, row.selfIdentifiers)}
            inputProps={{ 'aria-label': t('selectLabel', { domain: row.domain.domain }) }}
            sx={{ minWidth: 180 }}
          >
            {options.map((option) => (
              <MenuItem key={option.id} value={option.id} sx={{ gap: 1 }}>
                <CheckIcon fontSize="small" aria-hidden sx={{ visibility: chosen.includes(option.id) ? 'visible' : 'hidden' }} />
                {option.name}
              </MenuItem>
            ))}
          </Select>
        ) : (
          <Typography variant="body2" color={chosen.length ? 'text.primary' : 'text.secondary'}>
            {names(chosen, row.selfIdentifiers)}
          </Typography>
        );
      },
    },
  ];
}
