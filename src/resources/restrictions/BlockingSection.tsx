/**
 * One of the three blocking sections (spec section 2 'Blocking'): its title and explanatory message, what may be
 * added (the add button, or the spec's notices when clusivity or the user's role forbids it, section 6) and the
 * blocked list with deletion. Removal is optimistic and rolled back with the persistent general error on failure.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { RestrictionType } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';
import { SectionCard } from '../../components/SectionCard';
import { BlockedList, type BlockedListRow } from './BlockedList';
import { useAllowed } from '../../dataProvider/useAllowed';
import {
  addRule,
  entityPath,
  internalSettingsUrl,
  isRemovable,
  removeRestrictionRows,
  useIsInternal,
  useRestrictionGroup,
  visibleRows,
  type BlockingScope,
  type Restriction,
} from './scope';

export interface BlockingSectionProps {
  scope: BlockingScope;
  type: RestrictionType;
  /** i18n keys of the section: title, message, add. */
  keys: { title: string; message: string; add: string; empty: ReactNode };
  /** The modal route of the add dialog, under the screen's path. */
  addPath: string;
  hideGlobal: boolean;
  toRow: (row: Restriction) => Omit<BlockedListRow, 'removable' | 'badges'>;
}

export function BlockingSection({ scope, type, keys, addPath, hideGlobal, toRow }: BlockingSectionProps) {
  const { translate } = useI18n();
  const location = useLocation();
  const isInternal = useIsInternal();
  const group = useRestrictionGroup(scope, type);
  const rule = addRule(type, group.clusivity, isInternal);
  // A viewer reads the blocks (issue 22: the role table's blocking writes).
  const canEdit = useAllowed('global-advertiser-blocks', 'edit');

  const remove = useWrite('deleteRestrictions', {
    mutationFn: (ids: number[], dataProvider) => dataProvider.deleteMany('restrictions', { ids, meta: entityPath(scope) }),
    optimistic: (ids) => removeRestrictionRows(scope, type, group.rows, ids),
    invalidate: ['restrictions', 'revenueAtStake'],
  });

  const rows: BlockedListRow[] = visibleRows(group.rows, { isInternal, hideGlobal }).map((row) => ({
    ...toRow(row),
    removable: canEdit && isRemovable(row, type, isInternal),
    badges: (
      <>
        {row.tag === 'Global' && <Badge>{translate('blocking.global')}</Badge>}
        {row.clusivity === 'INCLUDE' && <Badge>{translate('blocking.included')}</Badge>}
      </>
    ),
  }));

  const title = translate(keys.title);
  const actions =
    rule.kind === 'allowed' && canEdit ? (
      <Button
        component={RouterLink}
        to={`${scope.basePath}/${addPath}${location.search}`}
        state={{ fromList: true }}
        variant="contained"
        startIcon={<AddIcon aria-hidden />}
        disabled={!group.isSuccess}
      >
        {translate(keys.add)}
      </Button>
    ) : undefined;

  return (
    <SectionCard title={title} actions={actions}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(keys.message)}
      </Typography>
      {rule.kind === 'accountManager' && canEdit && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('blocking.advertisers.contactYourAccountManager')}
        </Alert>
      )}
      {rule.kind === 'internal' && canEdit && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(scope.entity === 'zone' ? 'blocking.internal.zoneNotice' : 'blocking.internal.publisherNotice')}{' '}
          <Link href={internalSettingsUrl(scope)} target="_blank" rel="noopener noreferrer" underline="always">
            {translate(scope.entity === 'zone' ? 'blocking.internal.zoneLink' : 'blocking.internal.publisherLink')}
          </Link>
        </Alert>
      )}
      <BlockedList
        title={title}
        rows={rows}
        query={group}
        empty={keys.empty}
        deleting={remove.isPending}
        onDelete={canEdit ? (ids) => remove.mutate(ids) : undefined}
      />
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
