// The column holding an IAB category's name in a language (issue 21): Japanese, Spanish and French have their own,
// English is the fallback (a database seeded before migration 0015 has no Spanish or French names yet). For the
// reference calls and every answer that names categories (restrictions, history), so a category reads the same
// everywhere in the user's language.
import type { components } from '../../../openapi/portal';

type Language = components['schemas']['Language'];

const COLUMNS: Readonly<Record<Language, string>> = { en: 'name_en', ja: 'name_ja', es: 'name_es', fr: 'name_fr' };

/** SQL for the name of the category aliased `alias` in `language` (default English). */
export function iabNameSql(alias: string, language: Language = 'en'): string {
  const column = COLUMNS[language] ?? COLUMNS.en;
  return column === COLUMNS.en ? `${alias}.name_en` : `coalesce(${alias}.${column}, ${alias}.name_en)`;
}
