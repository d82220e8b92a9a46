/**
 * The zone domain identifiers table (spec section 2): domain, domain id and self identifiers; in edit mode the
 * third column is a multi-select of the self identifiers, otherwise read-only text. Loading, empty and failed
 * states are rows of the same table (`placeholder`); rows stay, dimmed, while another page loads.
 */
import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import type { SelfIdentifierRecord, ZoneDomainSelfIdentifiersRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { chosenIds, inOptionOrder, type Selections } from './selfIdentifierEdits';

export const IDENTIFIER_COLUMN_COUNT = 3;

export interface ZoneDomainSelfIdentifierTableProps {
  rows: readonly ZoneDomainSelfIdentifiersRecord[] | undefined;
  /** Edit mode: the options of the multi-selects; undefined in view mode. */
  options: readonly SelfIdentifierRecord[] | undefined;
  selections: Selections;
  onChoose: (zoneDomainId: number, ids: number[]) => void;
  /** Rows shown are an earlier answer while a new one loads (or a save runs): not editable. */
  stale: boolean;
  /** An answer is on its way (aria-busy): a load, the next page, or a save. Not a failure. */
  busy: boolean;
  placeholder?: ReactNode;
}

export function ZoneDomainSelfIdentifierTable({ rows, options, selections, onChoose, stale, busy, placeholder }: ZoneDomainSelfIdentifierTableProps) {
  const { translate } = useI18n();
  const t = (key: string, values?: Record<string, unknown>) => translate(`accountSettings.inclusiveInventory.${key}`, values);
  const names = (ids: readonly number[], fallback: readonly SelfIdentifierRecord[]) => {
    const byId = new Map([...fallback, ...(options ?? [])].map((option) => [option.id, option.name]));
    const listed = ids.map((id) => byId.get(id) ?? String(id));
    return listed.length ? listed.join(', ') : t('none');
  };
  return (
    <Table size="small" aria-label={t('label')} aria-busy={busy}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>{t('columns.domain')}</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>{t('columns.domainId')}</TableCell>
          <TableCell sx={{ fontWeight: 600, width: { md: '45%' } }}>{t('columns.selfIdentifiers')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {rows && rows.length > 0
          ? rows.map((row) => {
              const chosen = chosenIds(row, selections);
              const domain = row.domain.domain;
              return (
                <TableRow key={row.zoneDomainId} hover={!options}>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{domain}</TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.zoneDomainId}</TableCell>
                  <TableCell>
                    {options ? (
                      <Select
                        multiple
                        size="small"
                        fullWidth
                        displayEmpty
                        disabled={stale}
                        value={[...chosen]}
                        onChange={(event) => {
                          const value = event.target.value;
                          onChoose(row.zoneDomainId, inOptionOrder(typeof value === 'string' ? [] : value, options));
                        }}
                        renderValue={(ids) => names(ids, row.selfIdentifiers)}
                        inputProps={{ 'aria-label': t('selectLabel', { domain }) }}
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
                    )}
                  </TableCell>
                </TableRow>
              );
            })
          : (placeholder ?? null)}
      </TableBody>
    </Table>
  );
}
