/**
 * The new-password checklist, live as the user types, from the shared rules (src/lib/password.ts). Each rule
 * says whether it is met in words too, not only by colour and tick.
 */
import { useI18n } from '../../i18n/I18nContext';
import { PASSWORD_RULES, passwordProblems, passwordRuleMessage } from '../../lib/password';

export function PasswordRules({ password }: { password: string }) {
  const { translate } = useI18n();
  const problems = new Set(passwordProblems(password));
  return (
    <div>
      <p className="pp-visually-hidden">{translate('reset.rulesTitle')}</p>
      <ul className="pp-rules">
        {PASSWORD_RULES.map((rule) => {
          const met = !problems.has(rule);
          const { key, values } = passwordRuleMessage(rule);
          return (
            <li key={rule} className={met ? 'pp-rule-met' : undefined}>
              {translate(key, values)}
              <span className="pp-visually-hidden">, {translate(met ? 'reset.ruleMet' : 'reset.ruleNotMet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
