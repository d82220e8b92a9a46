/**
 * A token past its expiry counts as logged out (spec section 4). react-admin checks the token when a page
 * loads; a tab left open would otherwise look signed in until its next call failed. This signs the user out
 * when the token expires, with a notice that stays on the sign-in page until dismissed.
 */
import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { AUTH_MESSAGES } from '../dataProvider/authProvider';
import { useSession } from '../dataProvider/session';
import { useNotices } from '../notices/NoticesProvider';

/** setTimeout's largest delay (~24.8 days); longer-lived tokens are re-armed when that fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function useSessionExpiry(): void {
  const expiresAtMs = (useSession().token?.exp ?? 0) * 1000;
  const logout = useLogout();
  const { show } = useNotices();

  useEffect(() => {
    if (!expiresAtMs) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const remaining = expiresAtMs - Date.now();
      if (remaining > MAX_TIMER_MS) {
        timer = setTimeout(arm, MAX_TIMER_MS);
        return;
      }
      timer = setTimeout(() => {
        show({ key: AUTH_MESSAGES.sessionEnded, context: 'warning', msToClose: 0 });
        void logout();
      }, Math.max(0, remaining));
    };
    arm();
    return () => clearTimeout(timer);
  }, [expiresAtMs, logout, show]);
}
