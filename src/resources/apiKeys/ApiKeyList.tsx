/**
 * The publisher's API keys (react-admin's useGetList over the apiKeys resource, answered whole, newest first):
 * name and hint, scopes, expiry, allowed addresses, who made it (and whether they left the team), last use (time
 * and address) and status; an active key is revoked after a confirmation naming it. Cards below 900 px, so a phone
 * sees every key's revoke button without a sideways scroll.
 */
import { useCallback } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import BlockIcon from '@mui/icons-material/Block';
import { useGetList } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowActionButton } from '../../components/RowActionButton';
import { SectionCard } from '../../components/SectionCard';
import { useConfirmation } from '../../components/useConfirmation';
import { QueryTable, type QueryTableColumn } from '../../components/table/QueryTable';
import { tableRoles } from '../../components/table/stackedTable';
import { useSortedRows } from '../../components/table/sortRows';
import type { ApiKeyRecord } from '../../dataProvider/resources';
import { useMayCall } from '../../dataProvider/useMayCall';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';

type Field = 'name' | 'expiresAt' | 'createdAt' | 'lastUsedAt';
type Status = 'active' | 'revoked' | 'expired';

/** A key's state now: revoked wins over expired (a revoked key stays revoked, whatever its expiry). */
export function statusOf(key: Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt'>, now = Date.now()): Status {
  if (key.revokedAt !== null) return 'revoked';
  return Date.parse(key.expiresAt) <= now ? 'expired' : 'active';
}

const STATUS_COLOR = { active: 'success', revoked: 'default', expired: 'warning' } as const;

export function ApiKeyList() {
  const { translate, locale } = useI18n();
  const keys = useGetList<ApiKeyRecord>('apiKeys');
  const canRevoke = useMayCall('revokeApiKey');

  // Not useDelete: a revoked key stays listed (as revoked), while react-admin's delete takes the row out of the
  // cached lists until the refetch answers.
  const revoke = useWrite('revokeApiKey', {
    mutationFn: (key: ApiKeyRecord, dataProvider) => dataProvider.delete('apiKeys', { id: key.id, previousData: key }),
    invalidate: ['apiKeys', 'history'],
  });
  const revoking = useConfirmation((key: ApiKeyRecord) => revoke.mutate(key));

  const sorting = useSortedRows<ApiKeyRecord, Field>(
    keys.data,
    { field: 'createdAt', order: 'DESC' },
    useCallback((key, field) => key[field] ?? '', []),
  );
  const column = (name: string) => translate(`apiKeys.list.columns.${name}`);
  const columns: QueryTableColumn<Field>[] = [
    { label: column('name'), sortField: 'name' },
    { label: column('scopes') },
    { label: column('expires'), sortField: 'expiresAt' },
    { label: column('allowedAddresses') },
    { label: column('createdBy'), sortField: 'createdAt' },
    { label: column('lastUsed'), sortField: 'lastUsedAt' },
    { label: column('status') },
    ...(canRevoke ? [{ label: column('actions'), align: 'right' as const, stackedLabel: false }] : []),
  ];

  const cell = { ...tableRoles.cell, sx: { overflowWrap: 'anywhere' } } as const;
  return (
    <SectionCard title={translate('apiKeys.list.label')}>
      <QueryTable
        label={translate('apiKeys.list.label')}
        columns={columns}
        query={keys}
        sorting={sorting}
        empty={translate('apiKeys.list.empty')}
        stackBelow="md"
      >
        {(key) => {
          const status = statusOf(key);
          return (
            <TableRow key={key.id} hover {...tableRoles.row}>
              <TableCell {...cell}>
                {key.name}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontFamily: 'monospace', fontSize: '0.8125rem' }}>
                  {`${key.hint}…`}
                </Box>
              </TableCell>
              <TableCell {...cell}>
                <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
                  {key.scopes.map((scope) => (
                    <li key={scope}>{scope}</li>
                  ))}
                </Box>
              </TableCell>
              <TableCell {...cell}>{formatMoment(key.expiresAt, locale)}</TableCell>
              <TableCell {...cell}>
                {key.allowedAddresses.length === 0 ? (
                  translate('apiKeys.list.anyAddress')
                ) : (
                  <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: '0.8125rem' }}>
                    {key.allowedAddresses.map((address) => (
                      <li key={address}>{address}</li>
                    ))}
                  </Box>
                )}
              </TableCell>
              <TableCell {...cell}>
                {key.makerIsMember ? key.createdBy.name : translate('apiKeys.list.leftTeam', { name: key.createdBy.name })}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                  {formatMoment(key.createdAt, locale)}
                </Box>
              </TableCell>
              <TableCell {...cell}>
                {key.lastUsedAt === null
                  ? translate('apiKeys.list.never')
                  : key.lastUsedAddress === null
                    ? formatMoment(key.lastUsedAt, locale)
                    : translate('apiKeys.list.lastUsedFrom', { time: formatMoment(key.lastUsedAt, locale), address: key.lastUsedAddress })}
              </TableCell>
              <TableCell {...tableRoles.cell}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={STATUS_COLOR[status]}
                  label={status === 'revoked' && key.revokedAt ? translate('apiKeys.list.revoked', { time: formatMoment(key.revokedAt, locale) }) : translate(`apiKeys.list.${status}`)}
                />
              </TableCell>
              {canRevoke && (
                <TableCell align="right" {...tableRoles.cell}>
                  {status === 'active' && (
                    <RowActionButton title={translate('apiKeys.list.revoke', { name: key.name })} icon={<BlockIcon fontSize="small" />} onClick={() => revoking.ask(key)} />
                  )}
                </TableCell>
              )}
            </TableRow>
          );
        }}
      </QueryTable>
      <ConfirmDialog
        {...revoking.dialog}
        title={translate('apiKeys.revokeDialog.title', { name: revoking.subject?.name ?? '' })}
        confirmLabel={translate('apiKeys.revokeDialog.confirm')}
      >
        {translate('apiKeys.revokeDialog.message', { name: revoking.subject?.name ?? '', hint: revoking.subject?.hint ?? '' })}
      </ConfirmDialog>
    </SectionCard>
  );
}
