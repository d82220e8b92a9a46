/**
 * The team's members, paged, sorted and searched by the server (usePagedList, the address keeps page, size,
 * sort and search): name, e-mail, role, last sign-in and whether two-factor sign-in is on. An admin changes a
 * role in place and removes a member after a confirmation; network staff may also reset a member's second factor.
 * A refused change (the last admin) says why in its notice.
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/PersonRemoveOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import { DataTable, ListContextProvider, useDelete, useUpdate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowActionButton } from '../../components/RowActionButton';
import { useConfirmation } from '../../components/useConfirmation';
import { ListPagination } from '../../components/list/ListPagination';
import { ListSearch } from '../../components/list/ListSearch';
import { ListTable } from '../../components/list/ListTable';
import { usePagedList } from '../../components/list/usePagedList';
import { apiErrorCode } from '../../dataProvider/client';
import { MEMBER_SORT_FIELDS, type MemberRecord } from '../../dataProvider/resources';
import { session, useSession } from '../../dataProvider/session';
import { useMayCall } from '../../dataProvider/useMayCall';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { ROLES, type Role } from '../../lib/roles';
import { useWrite } from '../../notices/useWrite';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';

const DEFAULTS = { page: 1, perPage: 20, sort: 'name', order: 'ASC' } as const;

/** A refusal this page can name: the last admin. */
const teamFailureKey = (error: unknown) => (apiErrorCode(error) === 'LAST_ADMIN' ? 'team.lastAdmin' : undefined);

const Col = DataTable.Col<MemberRecord>;

type Asking = { kind: 'remove' | 'reset'; member: MemberRecord };

/** A member's update or removal, as react-admin's hooks pass it. */
type MemberWrite = { id?: MemberRecord['id']; data?: Partial<MemberRecord>; previousData?: MemberRecord };

export function MemberList() {
  const { translate, locale } = useI18n();
  const { token } = useSession();
  const canEdit = useMayCall('updateMember');
  const canRemove = useMayCall('removeMember');
  const canReset = useMayCall('resetMemberTwoFactor');
  const list = usePagedList<MemberRecord>('members', { defaults: DEFAULTS, sortFields: MEMBER_SORT_FIELDS, failureOperation: 'listMembers' });

  const updating = useWriteNotices('updateMember', {
    invalidate: ['members', 'history'],
    failureKey: teamFailureKey,
    // The notices name whom, the new role and the publisher (issue 30).
    values: ({ data, previousData }: MemberWrite) => ({
      name: previousData?.name ?? '',
      role: translate(`roles.${data?.role ?? ''}`),
      publisher: session.get().publisher?.name ?? '',
    }),
    // Your own role changed: the menu and the guards follow at once (the publisher record carries it).
    onSuccess: (_result, { id, data }) => {
      const selected = session.get().publisher;
      if (selected && data?.role && id === token?.user.id) session.setPublisher({ ...selected, role: data.role });
    },
  });
  const update = writeOf(updating, useUpdate<MemberRecord>('members', undefined, updating), ({ member, role }: { member: MemberRecord; role: Role }) => ({
    id: member.id,
    data: { role },
    previousData: member,
  }));
  const removing = useWriteNotices('removeMember', {
    invalidate: ['members', 'history'],
    failureKey: teamFailureKey,
    values: ({ previousData }: MemberWrite) => ({ name: previousData?.name ?? '', publisher: session.get().publisher?.name ?? '' }),
  });
  const remove = writeOf(removing, useDelete<MemberRecord>('members', undefined, removing), (member: MemberRecord) => ({ id: member.id, previousData: member }));
  const reset = useWrite('resetMemberTwoFactor', {
    mutationFn: (member: MemberRecord, dataProvider) => dataProvider.resetMemberTwoFactor(session.get().publisher?.id ?? 0, member.id),
    invalidate: ['members', 'history'],
  });
  const asking = useConfirmation(({ kind, member }: Asking) => (kind === 'remove' ? remove : reset).mutate(member));

  const name = (member: MemberRecord) => (member.id === token?.user.id ? translate('team.members.you', { name: member.name }) : member.name);
  const column = (key: string) => translate(`team.members.columns.${key}`);
  const publisher = session.get().publisher?.name ?? '';
  const dialog = asking.subject?.kind ?? 'remove';
  return (
    <ListContextProvider value={list}>
      <Paper component="section" aria-labelledby="team-members-heading" variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography id="team-members-heading" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {translate('team.members.label')}
          </Typography>
          <Box role="search">
            <ListSearch label={translate('team.members.search')} />
          </Box>
        </Box>
        {/* Cards below 900 px: every member's actions in view on a phone, no sideways scroll. */}
        <ListTable<MemberRecord>
          label={translate('team.members.label')}
          empty={translate('team.members.empty')}
          failedKey="team.members.loadFailed"
          minWidth={720}
          pending={update.isPending || remove.isPending}
          stackBelow="md"
        >
          <Col source="name" label={column('name')} sx={{ overflowWrap: 'anywhere' }} render={name} />
          <Col source="email" label={column('email')} sx={{ overflowWrap: 'anywhere' }} />
          <Col
            source="role"
            label={column('role')}
            sx={{ width: '11rem' }}
            render={(member) =>
              canEdit ? (
                <TextField
                  select
                  size="small"
                  value={member.role}
                  disabled={update.isPending}
                  onChange={(event) => update.mutate({ member, role: event.target.value as Role })}
                  slotProps={{ htmlInput: { 'aria-label': translate('team.members.roleOf', { name: member.name }) } }}
                  sx={{ minWidth: '9rem' }}
                >
                  {ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {translate(`roles.${role}`)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                translate(`roles.${member.role}`)
              )
            }
          />
          <Col
            source="lastSignInAt"
            label={column('lastSignIn')}
            sx={{ width: '12rem' }}
            render={(member) => (member.lastSignInAt ? formatMoment(member.lastSignInAt, locale) : translate('team.members.never'))}
          />
          <Col label={column('twoFactor')} sx={{ width: '9rem' }} render={(member) => translate(member.twoFactorEnabled ? 'team.members.on' : 'team.members.off')} />
          {(canRemove || canReset) && (
            <Col
              label={column('actions')}
              data-stacked={false}
              align="right"
              sx={{ width: '7rem' }}
              render={(member) => (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
                  {canReset && member.twoFactorEnabled && (
                    <RowActionButton
                      title={translate('team.members.resetTwoFactor', { name: member.name })}
                      icon={<LockResetIcon fontSize="small" />}
                      onClick={() => asking.ask({ kind: 'reset', member })}
                    />
                  )}
                  {canRemove && (
                    <RowActionButton
                      title={translate('team.members.remove', { name: member.name })}
                      icon={<DeleteIcon fontSize="small" />}
                      onClick={() => asking.ask({ kind: 'remove', member })}
                    />
                  )}
                </Box>
              )}
            />
          )}
        </ListTable>
        <ListPagination label={translate('team.members.pages')} />
      </Paper>
      <ConfirmDialog
        {...asking.dialog}
        title={translate(`team.${dialog}Dialog.title`, { name: asking.subject?.member.name ?? '' })}
        confirmLabel={translate(`team.${dialog}Dialog.confirm`)}
      >
        {translate(`team.${dialog}Dialog.message`, { name: asking.subject?.member.name ?? '', publisher })}
      </ConfirmDialog>
    </ListContextProvider>
  );
}
