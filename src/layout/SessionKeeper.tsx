/**
 * Keeps an open page's session alive while its user works, and its work when the session ends anyway (issue 21;
 * the times are sessionLife.ts's):
 *
 * - a keystroke or a click in the second half of the token's life renews it (POST /auth/renew), so someone working
 *   is never signed out under their hands (the server still decides how long a session may live);
 * - nobody active when the end comes near: a dialog says when the session ends, with 'Stay signed in';
 * - at the end the page stays as it is, dialogs and typed text included, under a dialog asking for the password
 *   again (the e-mail is the session's), and for an account with two-factor sign-in then for a code of the app or
 *   a recovery code (issue 22; a team's required set-up is the sign-in page's, so that case says to sign out). Signing in again carries on where the user was, as the same publisher;
 *   'Sign out' ends it as the menu's logout does. While that dialog is open the ended session is held, so no call
 *   refused meanwhile signs the user out (authProvider).
 *
 * One per signed-in layout (PortalLayout). A token renewed in another tab arrives through the session store and
 * re-arms this tab's timers (and closes its dialogs).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useLogout } from 'react-admin';
import { PasswordField } from '../components/PasswordField';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { authApi, type SecondFactorChallenge } from '../dataProvider/authApi';
import { loginErrorMessage } from '../dataProvider/authProvider';
import { hasUsableToken, session, useSession } from '../dataProvider/session';
import { decodeToken } from '../dataProvider/token';
import { endedSession, forgetReturn, sessionTimes } from '../dataProvider/sessionLife';
import { useI18n } from '../i18n/I18nContext';
import { isAppCode } from '../lib/secondFactorCode';

/** setTimeout's largest delay (~24.8 days); longer waits are re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A renewal that failed (the network) is tried again on activity, but not more often than this. */
const RETRY_AFTER_MS = 30_000;
/** Events that say someone is working on the page (not mere pointer movement). */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
const SESSION_DIALOG = 'data-session-dialog';

type Phase = 'active' | 'warning' | 'ended';

function at(time: number, task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const wait = time - Date.now();
    timer = wait > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(task, Math.max(0, wait));
  };
  arm();
  return () => clearTimeout(timer);
}

export function SessionKeeper() {
  const state = useSession();
  const { jwt } = state;
  const times = sessionTimes(state);
  // The phase of this token: a new one (renewed here or in another tab, or signed in again) starts active.
  const [mark, setMark] = useState<{ jwt: string | null; phase: Phase }>({ jwt: null, phase: 'active' });
  const phase: Phase = mark.jwt === jwt ? mark.phase : jwt !== null && !hasUsableToken(state) ? 'ended' : 'active';
  const setPhase = useCallback((next: Phase) => setMark({ jwt, phase: next }), [jwt]);
  const lastActivity = useRef(0);
  const renewing = useRef<Promise<boolean> | null>(null);
  const failedAt = useRef(-Infinity);
  // This token cannot be extended: the server answered a token ending no later (the session's longest life,
  // SESSION_MAX_SECONDS from its sign-in) or refused (401). No more asking and no 'Stay signed in' then.
  const [refusedFor, setRefusedFor] = useState<string | null>(null);

  const renew = useCallback(() => {
    if (renewing.current) return renewing.current;
    const asking = session.get();
    renewing.current = authApi
      .renewToken()
      .then((fresh) => {
        if (asking.token !== null && (decodeToken(fresh)?.exp ?? 0) <= asking.token.exp) {
          // The session's end is this token's end: keep it (nothing gained), and warn rather than ask again.
          failedAt.current = Date.now();
          setRefusedFor(asking.jwt);
          return false;
        }
        session.setToken(fresh);
        return true;
      })
      .catch((error: unknown) => {
        // Refused (the token the server will no longer accept) or unreachable: the warning and the end take their course.
        failedAt.current = Date.now();
        if ((error as { status?: unknown } | null)?.status === 401) setRefusedFor(session.get().jwt);
        return false;
      })
      .finally(() => {
        renewing.current = null;
      });
    return renewing.current;
  }, []);

  const renewFrom = times?.renewFrom ?? 0;
  const warnFrom = times?.warnFrom ?? 0;
  const expiresAt = times?.expiresAt ?? 0;
  useEffect(() => {
    if (!jwt) return undefined;
    // A usable new token ends the hold of an ended one.
    if (Date.now() < expiresAt) endedSession.release();
    const stopWarning = at(warnFrom, () => {
      // Someone worked since the renewal point and no renewal failed: renew now rather than warn. A renewal the
      // server refused (the session's longest life) warns, so even someone working sees the end coming.
      if (lastActivity.current >= renewFrom && failedAt.current < renewFrom) {
        void renew().then((renewed) => {
          if (!renewed) setPhase('warning');
        });
      } else setPhase('warning');
    });
    const stopEnd = at(expiresAt, () => {
      endedSession.hold();
      setPhase('ended');
    });
    return () => {
      stopWarning();
      stopEnd();
    };
  }, [jwt, renewFrom, warnFrom, expiresAt, renew, setPhase]);

  useEffect(() => {
    const onActivity = (event: Event) => {
      // Answering the session's own dialogs is not work on the page.
      if (event.target instanceof Element && event.target.closest(`[${SESSION_DIALOG}]`)) return;
      const now = Date.now();
      lastActivity.current = now;
      if (phase === 'ended' || now < renewFrom || now >= expiresAt || now - failedAt.current < RETRY_AFTER_MS) return;
      if (refusedFor !== null && refusedFor === session.get().jwt) return;
      void renew();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [phase, renewFrom, expiresAt, renew, refusedFor]);

  useEffect(() => () => endedSession.release(), []);

  if (phase === 'warning') return <ExpiryWarning expiresAt={expiresAt} onStay={refusedFor === jwt ? undefined : () => void renew()} onClose={() => setPhase('active')} />;
  if (phase === 'ended' && state.token) return <SignInAgain email={state.token.user.email} />;
  return null;
}

/** 'Sign out' in the session's dialogs: on purpose, so the page is not returned to after the next sign-in. */
function useSignOut() {
  const logout = useLogout();
  return () => {
    forgetReturn();
    endedSession.release();
    void logout();
  };
}

/** `onStay` undefined: the session cannot be renewed any more; the warning only says when it ends. */
function ExpiryWarning({ expiresAt, onStay, onClose }: { expiresAt: number; onStay?: () => void; onClose: () => void }) {
  const { translate, locale } = useI18n();
  const signOut = useSignOut();
  const titleId = useId();
  const textId = useId();
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(expiresAt);
  return (
    <Dialog open onClose={onStay ?? onClose} role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} {...{ [SESSION_DIALOG]: '' }}>
      <DialogTitle id={titleId}>{translate('session.warning.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{translate(onStay ? 'session.warning.message' : 'session.warning.cannotRenew', { time })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={signOut}>{translate('session.signOut')}</Button>
        {/* jsx-a11y discourages autoFocus; here the dialog's main answer should be what Enter does. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Button variant="contained" onClick={onStay ?? onClose} autoFocus>
          {translate(onStay ? 'session.warning.stay' : 'common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A code of the authenticator app; anything else typed in the code step is sent as a recovery code. */

function SignInAgain({ email }: { email: string }) {
  const { translate } = useI18n();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const titleId = useId();
  const textId = useId();
  const [password, setPassword] = useState('');
  // The second step, for an account with two-factor sign-in: the password's challenge and the code typed.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function carryOn(jwt: string) {
    // The same user, the same publisher: the page carries on, and what failed while signed out is read again.
    session.setToken(jwt);
    endedSession.release();
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  }

  async function signInWithPassword() {
    const result = await authApi.login(email, password);
    if (!('challenge' in result)) return carryOn(result.jwt);
    if (result.challenge.mode === 'SETUP') {
      setFailure('session.ended.setupRequired');
      setBusy(false);
      return;
    }
    setChallenge(result.challenge);
    setBusy(false);
  }

  async function signInWithCode(current: SecondFactorChallenge) {
    const typed = code.replace(/\s/g, '');
    carryOn(await authApi.verifySecondFactor(current.token, isAppCode(typed) ? { code: typed } : { recoveryCode: typed }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (challenge === null ? password === '' : code.trim() === '') {
      setFailure(challenge === null ? 'validation.invalidPassword' : 'auth.invalidCode');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await (challenge === null ? signInWithPassword() : signInWithCode(challenge));
    } catch (error) {
      const key = loginErrorMessage(error);
      // A challenge that ran out: the password again.
      if (key === 'auth.challengeExpired') {
        setChallenge(null);
        setCode('');
      }
      setFailure(key);
      setBusy(false);
    }
  }

  return (
    <Dialog open role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth {...{ [SESSION_DIALOG]: '' }}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{translate('session.ended.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={textId}>{translate('session.ended.message')}</DialogContentText>
          {failure && (
            <Alert severity="error" role="alert">
              {translate(failure, { email: getRuntimeConfig().supportEmail })}
            </Alert>
          )}
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{translate('session.ended.account', { email })}</DialogContentText>
          {/* Lets password managers fill the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          {challenge === null ? (
            <PasswordField
              label={translate('login.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={busy}
              error={failure === 'validation.invalidPassword'}
              // jsx-a11y discourages autoFocus; the dialog asks for exactly this field.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              fullWidth
            />
          ) : (
            <TextField
              label={translate('session.ended.code')}
              helperText={translate('session.ended.codeHelp')}
              name="code"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              disabled={busy}
              error={failure === 'auth.invalidCode'}
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              fullWidth
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={signOut} disabled={busy}>
            {translate('session.signOut')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(busy ? 'login.submitting' : 'session.ended.signIn')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
