/**
 * The team's open invitations (issue 22; admins and network staff): e-mail, role, expiry (an expired one says so
 * and may be sent again), who invited, and revoke after a confirmation. 'Invite someone' opens InviteDialog.
 */
import { useCallback, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/PersonAddAlt';
import CancelIcon from '@mui/icons-material/CancelScheduleSend';
import { DataTable, ListContextProvider, useDelete, useGetList } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowActionButton } from '../../components/RowActionButton';
import { useConfirmation } from '../../components/useConfirmation';
import { SectionCard } from '../../components/SectionCard';
import { ListTable } from '../../components/list/ListTable';
import { useWholeList } from '../../components/table/useWholeList';
import type { InvitationRecord } from '../../dataProvider/resources';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';
import { InviteDialog } from './InviteDialog';

type Field = 'email' | 'role' | 'expiresAt';
const Col = DataTable.Col<InvitationRecord>;

export function InvitationList() {
  const { translate, locale } = useI18n();
  const invitations = useGetList<InvitationRecord>('invitations');
  const [inviting, setInviting] = useState(false);
  const inviteButton = useRef<HTMLButtonElement>(null);

  const revokeNotices = useWriteNotices('revokeInvitation', { invalidate: ['invitations', 'history'] });
  const revoke = writeOf(revokeNotices, useDelete<InvitationRecord>('invitations', undefined, { mutationMode: 'optimistic', ...revokeNotices }), (invitation: InvitationRecord) => ({
    id: invitation.id,
    previousData: invitation,
  }));
  const revoking = useConfirmation((invitation: InvitationRecord) => {
    revoke.mutate(invitation);
    requestAnimationFrame(() => inviteButton.current?.focus());
  });

  const list = useWholeList(
    'invitations',
    invitations,
    { field: 'expiresAt', order: 'DESC' },
    useCallback((row: InvitationRecord, field: string) => (field === 'role' ? translate(`roles.${row.role}`) : row[field as Field]), [translate]),
  );
  const column = (key: string) => translate(`team.invitations.columns.${key}`);

  return (
    <SectionCard
      title={translate('team.invitations.label')}
      actions={
        <Button ref={inviteButton} variant="contained" startIcon={<AddIcon aria-hidden />} onClick={() => setInviting(true)}>
          {translate('team.invitations.invite')}
        </Button>
      }
    >
      <ListContextProvider value={list}>
        <ListTable<InvitationRecord> label={translate('team.invitations.label')} empty={translate('team.invitations.empty')}>
          <Col source="email" label={column('email')} sx={{ overflowWrap: 'anywhere' }} />
          <Col source="role" label={column('role')} render={(invitation) => translate(`roles.${invitation.role}`)} />
          <Col
            source="expiresAt"
            label={column('expires')}
            render={(invitation) => (invitation.expired ? translate('team.invitations.expired') : formatMoment(invitation.expiresAt, locale))}
          />
          <Col
            label={column('invitedBy')}
            render={(invitation) =>
              invitation.invitedBy === null ? '' : invitation.invitedBy.internal ? `${invitation.invitedBy.name} (${translate('roles.staff')})` : invitation.invitedBy.name
            }
          />
          <Col
            label={column('actions')}
            align="right"
            render={(invitation) => (
              <RowActionButton title={translate('team.invitations.revoke', { email: invitation.email })} icon={<CancelIcon fontSize="small" />} onClick={() => revoking.ask(invitation)} />
            )}
          />
        </ListTable>
      </ListContextProvider>
      <ConfirmDialog
        {...revoking.dialog}
        title={translate('team.invitations.revoke', { email: revoking.subject?.email ?? '' })}
        confirmLabel={translate('team.invitations.revokeConfirm')}
      />
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </SectionCard>
  );
}
