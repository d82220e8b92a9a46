/**
 * The team's open invitations (issue 22; admins and network staff): e-mail, role, expiry (an expired one says so
 * and may be sent again), who invited, and revoke after a confirmation. 'Invite someone' opens InviteDialog.
 */
import { useCallback, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/PersonAddAlt';
import CancelIcon from '@mui/icons-material/CancelScheduleSend';
import { useDelete, useGetList } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowActionButton } from '../../components/RowActionButton';
import { useConfirmation } from '../../components/useConfirmation';
import { SectionCard } from '../../components/SectionCard';
import { QueryTable, type QueryTableColumn } from '../../components/table/QueryTable';
import { useSortedRows } from '../../components/table/sortRows';
import type { InvitationRecord } from '../../dataProvider/resources';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';
import { InviteDialog } from './InviteDialog';

type Field = 'email' | 'role' | 'expiresAt';

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

  const sorting = useSortedRows<InvitationRecord, Field>(
    invitations.data,
    { field: 'expiresAt', order: 'DESC' },
    useCallback((row, field) => (field === 'role' ? translate(`roles.${row.role}`) : row[field]), [translate]),
  );
  const column = (key: string) => translate(`team.invitations.columns.${key}`);

  const columns: QueryTableColumn<Field>[] = [
    { label: column('email'), sortField: 'email' },
    { label: column('role'), sortField: 'role' },
    { label: column('expires'), sortField: 'expiresAt' },
    { label: column('invitedBy') },
    { label: column('actions'), align: 'right' },
  ];

  return (
    <SectionCard
      title={translate('team.invitations.label')}
      actions={
        <Button ref={inviteButton} variant="contained" startIcon={<AddIcon aria-hidden />} onClick={() => setInviting(true)}>
          {translate('team.invitations.invite')}
        </Button>
      }
    >
      <QueryTable label={translate('team.invitations.label')} columns={columns} query={invitations} sorting={sorting} empty={translate('team.invitations.empty')}>
        {(invitation) => (
          <TableRow key={invitation.id} hover>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{invitation.email}</TableCell>
            <TableCell>{translate(`roles.${invitation.role}`)}</TableCell>
            <TableCell>{invitation.expired ? translate('team.invitations.expired') : formatMoment(invitation.expiresAt, locale)}</TableCell>
            <TableCell>
              {invitation.invitedBy === null ? '' : invitation.invitedBy.internal ? `${invitation.invitedBy.name} (${translate('roles.staff')})` : invitation.invitedBy.name}
            </TableCell>
            <TableCell align="right">
              <RowActionButton title={translate('team.invitations.revoke', { email: invitation.email })} icon={<CancelIcon fontSize="small" />} onClick={() => revoking.ask(invitation)} />
            </TableCell>
          </TableRow>
        )}
      </QueryTable>
      <ConfirmDialog
        {...revoking.dialog}
        title={translate('team.invitations.revoke', { email: revoking.subject?.email ?? '' })}
        confirmLabel={translate('team.invitations.revokeConfirm')}
      />
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </SectionCard>
  );
}
