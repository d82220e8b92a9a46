/**
 * The show/hide-password control's icon, one for every password field: the public pages' plain field
 * (custom-pages/public/FormControls.tsx) and the portal's MUI one (PasswordField). No MUI here: the sign-in page
 * draws it before MUI is downloaded.
 */
export function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
      />
      {crossed && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

/** The control's name and state, the same wherever it is: a toggle button (aria-pressed) named for what it does next. */
export const revealLabelKey = (revealed: boolean) => (revealed ? 'common.hidePassword' : 'common.showPassword');
