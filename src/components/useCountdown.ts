import { useEffect, useState } from 'react';

/** Spec section 9: sign-in comes 5 seconds after a password change or reset. */
export const LOGIN_REDIRECT_SECONDS = 5;

/** Seconds left, ticking once a second while `active`; calls onDone once at zero. */
export function useCountdown(seconds: number, active: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [active]);
  useEffect(() => {
    if (active && left === 0) onDone();
  }, [active, left, onDone]);
  return left;
}
