/**
 * The team's two-factor requirement (issue 22): a switch for admins and network staff, who may turn it on only
 * with two-factor sign-in on for themselves (the server's 409 says so; the switch explains it beforehand);
 * others read whether it is required. Turning it on is confirmed first, naming how many members (and who) have no
 * two-factor sign-in and would be locked out until they set it up (issue 30); turning it off is not.
 */

/** Members named in the confirmation; the count covers them all. */
const NAMED = 5;
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useGetList } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirmation } from '../../components/useConfirmation';
import { apiErrorCode } from '../../dataProvider/client';
import type { MemberRecord } from '../../dataProvider/resources';
import { session, useSession, type Publisher } from '../../dataProvider/session';
import { useMayCall } from '../../dataProvider/useMayCall';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';

export function TwoFactorRequirement() {
  const { translate } = useI18n();
  const { publisher } = useSession();
  const canRequire = useMayCall('setTwoFactorRequirement');
  const save = useWrite('setTwoFactorRequirement', {
    mutationFn: (required: boolean, dataProvider) => dataProvider.setTwoFactorRequirement(session.get().publisher?.id ?? 0, required),
    invalidate: ['history', 'publishers'],
    failureKey: (error) => (apiErrorCode(error) === 'TWO_FACTOR_REQUIRED' ? 'team.requirement.needsOwn' : undefined),
    // The stored publisher carries the flag the guards and this switch read.
    onSuccess: (answer: Publisher) => {
      if (session.get().publisher?.id === answer.id) session.setPublisher(answer);
    },
  });
  const asking = useConfirmation<boolean>((required) => save.mutate(required));
  // The first page of the team, as large as the contract allows: who has no two-factor sign-in.
  const members = useGetList<MemberRecord>('members', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: {} }, { enabled: canRequire });
  const without = (members.data ?? []).filter((member) => !member.twoFactorEnabled);
  if (publisher === null) return null;
  const names = without.slice(0, NAMED).map((member) => member.name).join(', ') + (without.length > NAMED ? ', …' : '');
  const help = translate('team.requirement.help', { publisher: publisher.name });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {canRequire ? (
        <FormControlLabel
          control={<Switch checked={Boolean(publisher.requireTwoFactor)} disabled={save.isPending} onChange={(event) => (event.target.checked ? asking.ask(true) : save.mutate(false))} />}
          label={translate('team.requirement.label')}
        />
      ) : (
        <Typography sx={{ fontWeight: 600 }}>
          {translate('team.requirement.label')}: {translate(publisher.requireTwoFactor ? 'team.members.on' : 'team.members.off')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {help}
      </Typography>
      <ConfirmDialog
        {...asking.dialog}
        title={translate('team.requirement.confirmTitle', { publisher: publisher.name })}
        confirmLabel={translate('team.requirement.confirm')}
      >
        {/* Who is affected only once the members are known: while they load, or when they could not be read, the
            rule itself (never "no one is locked out"). */}
        {members.data === undefined
          ? help
          : without.length
            ? translate('team.requirement.affected', { smart_count: without.length, names, publisher: publisher.name })
            : translate('team.requirement.noneAffected', { publisher: publisher.name })}
      </ConfirmDialog>
      {save.errorKey && (
        <Typography variant="body2" color="error" role="alert">
          {translate(save.errorKey)}
        </Typography>
      )}
    </Paper>
  );
}
