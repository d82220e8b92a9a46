/**
 * Form controls of the public pages, in plain HTML + public.css (no MUI here, see PublicFrame).
 * Errors are tied to their input with aria-describedby and aria-invalid, so a screen reader reads them with
 * the field; messages use role="alert" (errors) or role="status" (progress, success).
 */
import { useId, useState, type ReactNode, type Ref } from 'react';
import { useI18n } from '../../i18n/I18nContext';
import { navigate } from './navigation';
import { EyeIcon, revealLabelKey } from '../../components/EyeIcon';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Already translated. */
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra description under the field (e.g. the password rules). */
  description?: ReactNode;
  name?: string;
  /** The keyboard a phone shows (a second-factor code: numeric). */
  inputMode?: 'numeric' | 'text';
}

export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  autoComplete,
  inputRef,
  description,
  name,
  inputMode,
}: TextFieldProps) {
  const { translate } = useI18n();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? `${id}-error` : null, description ? `${id}-description` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`pp-field${error ? ' pp-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="pp-input-row">
        <input
          id={id}
          name={name}
          ref={inputRef}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {isPassword && (
          <button
            type="button"
            className="pp-reveal"
            aria-pressed={revealed}
            aria-label={translate(revealLabelKey(revealed))}
            title={translate(revealLabelKey(revealed))}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <EyeIcon crossed={revealed} />
          </button>
        )}
      </div>
      {error && (
        <p className="pp-field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {description && <div id={`${id}-description`}>{description}</div>}
    </div>
  );
}

export interface ButtonProps {
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  type?: 'submit' | 'button';
  busy?: boolean;
  disabled?: boolean;
  block?: boolean;
  onClick?: () => void;
}

export function Button({ children, variant = 'primary', type = 'button', busy, disabled, block, onClick }: ButtonProps) {
  return (
    <button
      type={type}
      className={`pp-button pp-button-${variant}${block ? ' pp-button-block' : ''}`}
      // A busy button stays focusable (aria-disabled) so keyboard users do not lose their place.
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? undefined : onClick}
    >
      {busy && <span className="pp-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function Message({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`pp-message pp-message-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Busy({ label }: { label: string }) {
  return (
    <div className="pp-busy" role="status">
      <span className="pp-spinner pp-spinner-large" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** An in-app link that navigates without reloading (works in the shell and inside the admin). */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      className="pp-link"
      href={to}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
