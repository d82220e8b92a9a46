/**
 * The publisher's API keys (react-admin's useGetList over the apiKeys resource, answered whole, newest first):
 * name and hint, scopes, expiry, allowed addresses, who made it (and whether they left the team), last use (time
 * and address) and status; an active key is revoked after a confirmation naming it. Cards below 900 px, so a phone
 * sees every key's revoke button without a sideways scroll.
 */
import { useCallback } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import BlockIcon from '@mui/icons-material/Block';
import { DataTable, ListContextProvider, useGetList } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowActionButton } from '../../components/RowActionButton';
import { SectionCard } from '../../components/SectionCard';
import { useConfirmation } from '../../components/useConfirmation';
import { ListTable } from '../../components/list/ListTable';
import { useWholeList } from '../../components/table/useWholeList';
import type { ApiKeyRecord } from '../../dataProvider/resources';
import { useMayCall } from '../../dataProvider/useMayCall';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';

type Field = 'name' | 'expiresAt' | 'createdAt' | 'lastUsedAt';
const Col = DataTable.Col<ApiKeyRecord>;
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

  const list = useWholeList(
    'apiKeys',
    keys,
    { field: 'createdAt', order: 'DESC' },
    useCallback((key: ApiKeyRecord, field: string) => key[field as Field] ?? '', []),
  );
  const column = (name: string) => translate(`apiKeys.list.columns.${name}`);
  const wrap = { overflowWrap: 'anywhere' } as const;
  return (
    <SectionCard title={translate('apiKeys.list.label')}>
      <ListContextProvider value={list}>
        <ListTable<ApiKeyRecord> label={translate('apiKeys.list.label')} empty={translate('apiKeys.list.empty')} stackBelow="md">
          <Col
            source="name"
            label={column('name')}
            sx={wrap}
            render={(key) => (
              <>
                {key.name}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontFamily: 'monospace', fontSize: '0.8125rem' }}>
                  {`${key.hint}…`}
                </Box>
              </>
            )}
          />
          <Col
            label={column('scopes')}
            sx={wrap}
            render={(key) => (
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
                {key.scopes.map((scope) => (
                  <li key={scope}>{scope}</li>
                ))}
              </Box>
            )}
          />
          <Col source="expiresAt" label={column('expires')} sx={wrap} render={(key) => formatMoment(key.expiresAt, locale)} />
          <Col
            label={column('allowedAddresses')}
            sx={wrap}
            render={(key) =>
              key.allowedAddresses.length === 0 ? (
                translate('apiKeys.list.anyAddress')
              ) : (
                <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: '0.8125rem' }}>
                  {key.allowedAddresses.map((address) => (
                    <li key={address}>{address}</li>
                  ))}
                </Box>
              )
            }
          />
          <Col
            source="createdAt"
            label={column('createdBy')}
            sx={wrap}
            render={(key) => (
              <>
                {key.makerIsMember ? key.createdBy.name : translate('apiKeys.list.leftTeam', { name: key.createdBy.name })}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                  {formatMoment(key.createdAt, locale)}
                </Box>
              </>
            )}
          />
          <Col
            source="lastUsedAt"
            label={column('lastUsed')}
            sx={wrap}
            render={(key) =>
              key.lastUsedAt === null
                ? translate('apiKeys.list.never')
                : key.lastUsedAddress === null
                  ? formatMoment(key.lastUsedAt, locale)
                  : translate('apiKeys.list.lastUsedFrom', { time: formatMoment(key.lastUsedAt, locale), address: key.lastUsedAddress })
            }
          />
          <Col
            label={column('status')}
            render={(key) => {
              const status = statusOf(key);
              return (
                <Chip
                  size="small"
                  variant="outlined"
                  color={STATUS_COLOR[status]}
                  label={status === 'revoked' && key.revokedAt ? translate('apiKeys.list.revoked', { time: formatMoment(key.revokedAt, locale) }) : translate(`apiKeys.list.${status}`)}
                />
              );
            }}
          />
          {canRevoke && (
            <Col
              label={column('actions')}
              align="right"
              data-stacked={false}
              render={(key) =>
                statusOf(key) === 'active' && (
                  <RowActionButton title={translate('apiKeys.list.revoke', { name: key.name })} icon={<BlockIcon fontSize="small" />} onClick={() => revoking.ask(key)} />
                )
              }
            />
          )}
        </ListTable>
      </ListContextProvider>
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
