/**
 * The language switcher of the public pages: a native <select>, fully keyboard- and screen-reader-friendly,
 * with each language written in its own script (and marked with its lang so it is pronounced right).
 */
import { useId } from 'react';
import { useI18n } from '../../i18n/I18nContext';
import { isLocale } from '../../i18n/locales';

export function LanguageSelect() {
  const { locale, locales, setLocale, translate } = useI18n();
  const id = useId();
  return (
    <div className="pp-language">
      <label htmlFor={id}>{translate('language.label')}</label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void setLocale(next);
        }}
      >
        {locales.map((entry) => (
          <option key={entry.locale} value={entry.locale} lang={entry.locale}>
            {entry.name}
          </option>
        ))}
      </select>
    </div>
  );
}
