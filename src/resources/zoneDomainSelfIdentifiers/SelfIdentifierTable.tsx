/**
 * The zone domain identifiers table (spec section 2), DataTable columns: domain, domain id and self identifiers; in
 * edit mode the third column is a multi-select of the self identifiers (an input of the page's form, useInput),
 * otherwise read-only text.
 */
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { DataTable, useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ListTable } from '../../components/list/ListTable';
import type { SelfIdentifierRecord, ZoneDomainSelfIdentifiersRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { choiceSource, inOptionOrder, savedIds } from './selfIdentifierEdits';

export interface SelfIdentifierColumnsOptions {
  /** Edit mode: the options of the multi-selects; undefined in view mode. */
  options: readonly SelfIdentifierRecord[] | undefined;
  /** Rows shown are an earlier answer while a new one loads (or a save runs): not editable. */
  locked: boolean;
  /** A save is on its way. */
  saving: boolean;
}

const Col = DataTable.Col<ZoneDomainSelfIdentifiersRecord>;

export function SelfIdentifierTable({ options, locked, saving }: SelfIdentifierColumnsOptions) {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`accountSettings.inclusiveInventory.${key}`, values);
  const names = (ids: readonly number[], fallback: readonly SelfIdentifierRecord[]) => {
    const byId = new Map([...fallback, ...(options ?? [])].map((option) => [option.id, option.name]));
    const listed = ids.map((id) => byId.get(id) ?? String(id));
    return listed.length ? listed.join(', ') : t('none');
  };
  return (
    <ListTable<ZoneDomainSelfIdentifiersRecord> label={t('label')} empty={t('empty')} pending={saving} hover={!options}>
      <Col label={t('columns.domain')} sx={{ overflowWrap: 'anywhere', minWidth: 120 }} render={(row) => row.domain.domain} />
      <Col label={t('columns.domainId')} sx={{ fontVariantNumeric: 'tabular-nums' }} render={(row) => row.zoneDomainId} />
      <Col
        label={t('columns.selfIdentifiers')}
        sx={{ width: { md: '45%' } }}
        render={(row) =>
          options ? (
            <ChoiceSelect row={row} options={options} locked={locked} names={names} label={t('selectLabel', { domain: row.domain.domain })} />
          ) : (
            <ChosenNames row={row} names={names} />
          )
        }
      />
    </ListTable>
  );
}

type Names = (ids: readonly number[], fallback: readonly SelfIdentifierRecord[]) => string;

/** The row's choice of the form (once touched), else what is saved. */
function useChosen(row: ZoneDomainSelfIdentifiersRecord): readonly number[] {
  return (useWatch({ name: choiceSource(row.zoneDomainId) }) as readonly number[] | undefined) ?? savedIds(row);
}

function ChosenNames({ row, names }: { row: ZoneDomainSelfIdentifiersRecord; names: Names }) {
  const chosen = useChosen(row);
  return (
    <Typography variant="body2" color={chosen.length ? 'text.primary' : 'text.secondary'}>
      {names(chosen, row.selfIdentifiers)}
    </Typography>
  );
}

interface ChoiceSelectProps {
  row: ZoneDomainSelfIdentifiersRecord;
  options: readonly SelfIdentifierRecord[];
  locked: boolean;
  names: Names;
  label: string;
}

function ChoiceSelect({ row, options, locked, names, label }: ChoiceSelectProps) {
  const { field } = useInput<readonly number[] | undefined>({
    source: choiceSource(row.zoneDomainId),
    // Untouched: what is saved is shown; the form holds the row only once it is chosen in.
    format: (value: readonly number[] | undefined) => [...(value ?? savedIds(row))],
    parse: (value: number[] | string) => inOptionOrder(typeof value === 'string' ? [] : value, options),
  });
  const chosen = field.value as number[];
  return (
    <Select
      multiple
      size="small"
      fullWidth
      displayEmpty
      disabled={locked}
      name={field.name}
      value={chosen}
      onChange={field.onChange}
      onBlur={field.onBlur}
      renderValue={(ids) => names(ids, row.selfIdentifiers)}
      inputProps={{ 'aria-label': label }}
      sx={{ minWidth: 180 }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} sx={{ gap: 1 }}>
          <CheckIcon fontSize="small" aria-hidden sx={{ visibility: chosen.includes(option.id) ? 'visible' : 'hidden' }} />
          {option.name}
        </MenuItem>
      ))}
    </Select>
  );
}
