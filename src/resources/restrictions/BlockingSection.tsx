/**
 * One of the three blocking sections (spec section 2 'Blocking'): its title and explanatory message, what may be
 * added (the add button, or the spec's notices when clusivity or the user's role forbids it, section 6) and the
 * blocked list with deletion. The list is paged and filtered by the server (the `blocks` resource), its state under
 * the section's own names in the address ('domains.page', 'domains.searchTerm'). Removal by id is optimistic and
 * rolled back with the persistent general error on failure; a removal of every matching row waits for the server.
 */
import { useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ListContextProvider, useDeleteMany } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { apiErrorCode, apiErrorDetails } from '../../dataProvider/client';
import type { BlockListMeta, BlockRecord, RestrictionType } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';
import { SectionCard } from '../../components/SectionCard';
import { usePagedList } from '../../components/list/usePagedList';
import { BlockedList, type BlockedListRow, type Removal } from './BlockedList';
import { addRule, entityPath, internalSettingsUrl, isRemovable, useBlockingTarget, useIsInternal, type BlockingScope } from './scope';
import { useMayCall } from '../../dataProvider/useMayCall';

export interface BlockingSectionProps {
  scope: BlockingScope;
  type: RestrictionType;
  /** i18n keys of the section: title, message (an exclusion list's and an inclusion list's), add. */
  keys: { title: string; message: string; messageIncluded: string; add: string; empty: ReactNode };
  /** The modal route of the add dialog, under the screen's path. */
  addPath: string;
  hideGlobal: boolean;
  toRow: (row: BlockRecord) => Omit<BlockedListRow, 'removable' | 'badges'>;
}

/** Each list's state in the address, under its own names. */
const STATE_KEYS: Record<RestrictionType, string> = { iab_category: 'iab', advertiser: 'advertisers', advertiser_domain: 'domains', creative: 'creatives' };
/** Page 1 of 10 rows (spec section 9, generic lists); the server orders the rows, so no sort in the address. */
const LIST_DEFAULTS = { page: 1, perPage: 10, sort: '', order: 'ASC' } as const;

export function BlockingSection({ scope, type, keys, addPath, hideGlobal, toRow }: BlockingSectionProps) {
  const { translate, locale } = useI18n();
  const location = useLocation();
  const isInternal = useIsInternal();
  // A viewer reads the blocks (issue 22: the role table's blocking writes).
  const canAdd = useMayCall('createRestrictions');
  const canRemove = useMayCall('deleteRestrictions');
  const target = useBlockingTarget(scope);
  const filter = useMemo(
    () => ({ ...entityPath(scope), restrictionType: type, language: locale, ...(hideGlobal ? { hideGlobal: true } : {}) }),
    [scope, type, locale, hideGlobal],
  );
  const list = usePagedList<BlockRecord>('blocks', {
    defaults: LIST_DEFAULTS,
    filter,
    stateKey: STATE_KEYS[type],
    selectionKey: `blocks.${scope.entity}.${scope.entityId}.${type}`,
  });
  const meta = (list as { meta?: BlockListMeta }).meta;
  const clusivity = meta?.clusivity ?? null;
  const included = clusivity === 'INCLUDE';
  const rule = addRule(type, clusivity, isInternal);

  const invalidate = ['blocks', 'restrictions', 'revenueAtStake'];
  const removingIds = useWriteNotices('deleteRestrictions', { invalidate });
  const removeIds = writeOf(removingIds, useDeleteMany<BlockRecord>('blocks', undefined, { mutationMode: 'optimistic', ...removingIds }), (ids: BlockRecord['id'][]) => ({
    ids,
    meta: entityPath(scope),
  }));
  const removeMatching = useWrite('deleteMatchingRestrictions', {
    mutationFn: (removal: { count: number; searchTerm: string }, dataProvider) =>
      dataProvider.deleteMatchingRestrictions(entityPath(scope), {
        restrictionType: type,
        expectedCount: removal.count,
        ...(removal.searchTerm === '' ? {} : { searchTerm: removal.searchTerm }),
      }),
    invalidate,
    // Blocks were added or removed meanwhile: nothing was removed; the list is read again with the new count.
    failureKey: (error) => (apiErrorCode(error) === 'LIST_CHANGED' ? 'blocking.list.changed' : undefined),
    failureValues: (error) => ({ count: String(apiErrorDetails(error)?.[0]?.value ?? '') }),
  });
  const onDelete = (removal: Removal) => {
    if (removal.kind === 'ids') removeIds.mutate(removal.ids);
    else removeMatching.mutate(removal);
  };

  const title = translate(keys.title);
  const actions =
    rule.kind === 'allowed' && canAdd ? (
      <Button
        component={RouterLink}
        to={`${scope.basePath}/${addPath}${location.search}`}
        state={{ fromList: true }}
        variant="contained"
        startIcon={<AddIcon aria-hidden />}
        disabled={!list.isSuccess}
      >
        {translate(keys.add)}
      </Button>
    ) : undefined;

  return (
    <SectionCard title={title} actions={actions}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {included ? translate(keys.messageIncluded, { publisher: scope.publisherName }) : translate(keys.message)}
      </Typography>
      {rule.kind === 'accountManager' && canAdd && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('blocking.advertisers.contactYourAccountManager')}
        </Alert>
      )}
      {rule.kind === 'internal' && canAdd && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(scope.entity === 'zone' ? 'blocking.internal.zoneNotice' : 'blocking.internal.publisherNotice')}{' '}
          <Link href={internalSettingsUrl(scope)} target="_blank" rel="noopener noreferrer" underline="always">
            {translate(scope.entity === 'zone' ? 'blocking.internal.zoneLink' : 'blocking.internal.publisherLink')}
          </Link>
        </Alert>
      )}
      <ListContextProvider value={list}>
        <BlockedList
          title={title}
          nameHeader={translate(included ? 'blocking.list.includedName' : 'blocking.list.name')}
          toRow={(row) => ({
            ...toRow(row),
            removable: canRemove && isRemovable(row, type, isInternal),
            badges: (
              <>
                {row.tag === 'Global' && <Badge>{translate('blocking.global')}</Badge>}
                {row.clusivity === 'INCLUDE' && <Badge>{translate('blocking.included')}</Badge>}
              </>
            ),
          })}
          removable={meta?.removableElements ?? 0}
          empty={keys.empty}
          deleting={removeIds.isPending || removeMatching.isPending}
          targetLine={target.line}
          onDelete={canRemove ? onDelete : undefined}
        />
      </ListContextProvider>
    </SectionCard>
  );
}

function Badge({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{ px: 0.75, py: 0.25, borderRadius: 1, bgcolor: 'action.selected', fontWeight: 600, lineHeight: 1.6 }}
    >
      {children}
    </Typography>
  );
}
