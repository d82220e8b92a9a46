/**
 * Two-factor sign-in of the signed-in user: whether it is on (since when, recovery codes left, the teams that
 * require it), turning it on (TwoFactorSetupDialog, which asks for the password first) and off (DisableTwoFactorDialog, not while a team requires
 * it), and new recovery codes while it is on (RegenerateRecoveryCodesDialog, a team's requirement or not). The state is no record: read through the custom method getTwoFactor with react-query.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../components/LoadError';
import { SectionCard } from '../../components/SectionCard';
import { useSession } from '../../dataProvider/session';
import { useCustomQuery } from '../../dataProvider/useCustomQuery';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { useFailureNotice } from '../../notices/useFailureNotice';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';
import { RegenerateRecoveryCodesDialog } from './RegenerateRecoveryCodesDialog';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

export const TWO_FACTOR_QUERY_KEY = 'twoFactor';

export function TwoFactorSection() {
  const { translate, locale } = useI18n();
  const { token } = useSession();
  const status = useCustomQuery([TWO_FACTOR_QUERY_KEY, token?.user.id], (dataProvider, signal) => dataProvider.getTwoFactor(signal));
  useFailureNotice('getTwoFactor', status);
  const [disabling, setDisabling] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [settingUp, setSettingUp] = useState(false);

  const body = () => {
    if (status.isLoadingError) return <LoadError onRetry={() => void status.refetch()} />;
    if (!status.data) return <Skeleton variant="text" width="60%" />;
    const { enabled, enabledAt, recoveryCodesLeft, requiredBy } = status.data;
    const required = requiredBy.length > 0;
    return (
      <>
        <Typography>
          {enabled && enabledAt ? translate('security.twoFactor.on', { date: formatMoment(enabledAt, locale) }) : translate('security.twoFactor.off')}
        </Typography>
        {enabled && <Typography color="text.secondary">{translate('security.twoFactor.recoveryLeft', { smart_count: recoveryCodesLeft })}</Typography>}
        {required && (
          <Alert severity={enabled ? 'info' : 'warning'} role="note">
            {translate('security.twoFactor.requiredBy', { publishers: requiredBy.map((publisher) => publisher.name).join(', ') })}
          </Alert>
        )}
      </>
    );
  };

  const enabled = status.data?.enabled ?? false;
  const required = (status.data?.requiredBy.length ?? 0) > 0;
  return (
    <SectionCard
      title={translate('security.twoFactor.title')}
      actions={
        status.data &&
        (enabled ? (
          <>
            <Button variant="outlined" onClick={() => setRegenerating(true)}>
              {translate('security.twoFactor.newRecoveryCodes')}
            </Button>
            {!required && (
              <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
                {translate('security.twoFactor.turnOff')}
              </Button>
            )}
          </>
        ) : (
          <Button variant="contained" onClick={() => setSettingUp(true)}>
            {translate('security.twoFactor.turnOn')}
          </Button>
        ))
      }
    >
      {body()}
      {settingUp && <TwoFactorSetupDialog onClose={() => setSettingUp(false)} />}
      {disabling && <DisableTwoFactorDialog onClose={() => setDisabling(false)} />}
      {regenerating && <RegenerateRecoveryCodesDialog onClose={() => setRegenerating(false)} />}
    </SectionCard>
  );
}
