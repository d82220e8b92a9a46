/**
 * /external-login: another application sends the user here with ?jwt=... . main.tsx adopts any jwt query
 * parameter at boot (adoptJwtFromUrl: fresh session, parameter removed from the address bar), so this page only
 * decides where to go: with a usable session, on to the publisher chooser; without one, it says so in its title
 * too (not 'Signing you in') and offers the normal sign-in. Header hidden (spec section 2).
 */
import { useEffect } from 'react';
import { hasUsableToken, useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { Busy, Message, PageLink } from '../public/FormControls';
import { PublicFrame } from '../public/PublicFrame';
import { navigate } from '../public/navigation';
import { paths } from '../../routes';

export function ExternalLoginPage() {
  const { translate } = useI18n();
  const signedIn = hasUsableToken(useSession());

  useEffect(() => {
    if (signedIn) navigate(paths.browse, { replace: true });
  }, [signedIn]);

  return (
    <PublicFrame title={translate(signedIn ? 'externalLogin.title' : 'externalLogin.missingTitle')}>
      {signedIn ? (
        <Busy label={translate('externalLogin.signingIn')} />
      ) : (
        <>
          <Message tone="info">{translate('externalLogin.missingToken')}</Message>
          <PageLink to={paths.login}>{translate('externalLogin.goToLogin')}</PageLink>
        </>
      )}
    </PublicFrame>
  );
}
