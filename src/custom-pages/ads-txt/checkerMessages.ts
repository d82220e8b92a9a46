/**
 * The checker's reason codes (src/lib/adsTxtParse.ts) as messages of the catalogs
 * (accountSettings.adsTxtChecker.*), field names translated too.
 */
import type { Translate } from '../../i18n/translate';
import type { AdsTxtField, LineWarning, MalformedReason } from '../../lib/adsTxtParse';

const PREFIX = 'accountSettings.adsTxtChecker';

const fieldName = (translate: Translate, field: AdsTxtField) => translate(`${PREFIX}.fields.${field}`);

export function malformedMessage(translate: Translate, reason: MalformedReason): string {
  const key = `${PREFIX}.malformed.${reason.code}`;
  switch (reason.code) {
    case 'emptyField':
    case 'spaceInField':
      return translate(key, { field: fieldName(translate, reason.field) });
    case 'tooFewFields':
      return translate(key, { smart_count: reason.count });
    case 'noCommas':
      return translate(key);
    default:
      return translate(key, { ...reason });
  }
}

export function warningMessage(translate: Translate, warning: LineWarning): string {
  const key = `${PREFIX}.warnings.${warning.code}`;
  switch (warning.code) {
    case 'extraFields':
      return translate(key, { smart_count: warning.count });
    case 'repeatedManagerDomain':
      return warning.country === null
        ? translate(`${PREFIX}.warnings.repeatedManagerDomainNoCountry`, { firstLine: warning.firstLine })
        : translate(key, { firstLine: warning.firstLine, country: warning.country });
    default:
      return translate(key, { ...warning });
  }
}
