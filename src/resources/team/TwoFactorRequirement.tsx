/**
 * The team's two-factor requirement (issue 22): a switch for admins and network staff, who may turn it on only
 * with two-factor sign-in on for themselves (the server's 409 says so; the switch explains it beforehand);
 * others read whether it is required.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { apiErrorCode } from '../../dataProvider/client';
import { session, useSession, type Publisher } from '../../dataProvider/session';
import { useAllowed } from '../../dataProvider/useAllowed';
import { useI18n } from '../../i18n/I18nContext';
import { useWrite } from '../../notices/useWrite';

export function TwoFactorRequirement() {
  const { translate } = useI18n();
  const { publisher } = useSession();
  const canRequire = useAllowed('account-settings.team', 'require');
  const save = useWrite('setTwoFactorRequirement', {
    mutationFn: (required: boolean, dataProvider) => dataProvider.setTwoFactorRequirement(session.get().publisher?.id ?? 0, required),
    invalidate: ['history', 'publishers'],
    failureKey: (error) => (apiErrorCode(error) === 'TWO_FACTOR_REQUIRED' ? 'team.requirement.needsOwn' : undefined),
    // The stored publisher carries the flag the guards and this switch read.
    onSuccess: (answer: Publisher) => {
      if (session.get().publisher?.id === answer.id) session.setPublisher(answer);
    },
  });
  if (publisher === null) return null;
  const help = translate('team.requirement.help', { publisher: publisher.name });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {canRequire ? (
        <FormControlLabel
          control={<Switch checked={Boolean(publisher.requireTwoFactor)} disabled={save.isPending} onChange={(event) => save.mutate(event.target.checked)} />}
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
      {save.errorKey && (
        <Typography variant="body2" color="error" role="alert">
          {translate(save.errorKey)}
        </Typography>
      )}
    </Paper>
  );
}
