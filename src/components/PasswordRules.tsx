/**
 * The new-password checklist, live as the user types, from the shared rules (src/lib/password.ts), on the reset
 * page and the password-update page. Each rule says whether it is met in words too, not only by colour and tick.
 *
 * Plain HTML with its own styles, no MUI: the reset page is drawn before MUI is downloaded. The colours are the
 * theme's (the --pp-* variables of public.css, which main.tsx loads for the whole app).
 */
import type { CSSProperties } from 'react';
import { useI18n } from '../i18n/I18nContext';
import { PASSWORD_RULES, passwordProblems, passwordRuleMessage } from '../lib/password';

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
const list: CSSProperties = {
  listStyle: 'none',
  margin: '8px 0 0',
  padding: 0,
  fontSize: '0.875rem',
  color: 'var(--pp-text-secondary)',
};

export function PasswordRules({ password }: { password: string }) {
  const { translate } = useI18n();
  const problems = new Set(passwordProblems(password));
  return (
    <div>
      <p style={visuallyHidden}>{translate('validation.password.rulesTitle')}</p>
      <ul style={list}>
        {PASSWORD_RULES.map((rule) => {
          const met = !problems.has(rule);
          const { key, values } = passwordRuleMessage(rule);
          return (
            <li key={rule} style={met ? { color: 'var(--pp-success)' } : undefined}>
              <span aria-hidden style={{ display: 'inline-block', width: '1.4em' }}>
                {met ? '✓' : '○'}
              </span>
              {translate(key, values)}
              <span style={visuallyHidden}>, {translate(met ? 'validation.password.ruleMet' : 'validation.password.ruleNotMet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
