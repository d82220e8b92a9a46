/**
 * The names typed on the zone screens (zone name, slot names) have a limit (the contract's maxLength, 255): the
 * field says it as the user types, and a name over it is refused with its length instead of cut silently
 * (issue 21). Counted as the server counts, in characters (code points), after trimming, as the name is sent.
 */
import type { Translate } from '../../i18n/translate';

export const nameLength = (name: string) => [...name.trim()].length;
export const isNameTooLong = (name: string, max: number) => nameLength(name) > max;

/** The field's helper text: the count against the limit, or why the name is refused. */
export function nameLimitText(translate: Translate, name: string, max: number): string {
  const count = nameLength(name);
  return translate(count > max ? 'zones.form.nameTooLong' : 'zones.form.nameLength', { count, max });
}
