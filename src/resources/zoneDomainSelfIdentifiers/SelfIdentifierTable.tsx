/**
 * The zone domain identifiers table (spec section 2), DataTable columns: domain, domain id and self identifiers; in
 * edit mode the third column is a multi-select of the self identifiers, otherwise read-only text.
 */
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { DataTable } from 'react-admin';
import { ListTable } from '../../components/list/ListTable';
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
  /** A save is on its way. */
  saving: boolean;
}

const Col = DataTable.Col<ZoneDomainSelfIdentifiersRecord>;

export function SelfIdentifierTable({ options, selections, onChoose, locked, saving }: SelfIdentifierColumnsOptions) {
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
        render={(row) => {
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
        }}
      />
    </ListTable>
  );
}
