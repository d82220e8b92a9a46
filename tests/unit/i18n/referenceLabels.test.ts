// Every name a reference call can answer (the server's reference tables, which the demo seed and the API serve)
// reaches the user in their language: services, business units, slot placements and implementation types by id
// from the catalogs (src/i18n/referenceLabels.ts), slot sizes as numbers or the translated flex label. A value
// added to the server's tables without a catalog entry fails here, in the language that lacks it.
import { describe, expect, it } from 'vitest';
import { businessUnits, implementationTypes, inSlotPlacements, products, slotSizes } from '../../../server/src/db/seed/data/reference';
import { englishMessages } from '../../../src/i18n/en';
import { spanishMessages } from '../../../src/i18n/es';
import { frenchMessages } from '../../../src/i18n/fr';
import { japaneseMessages } from '../../../src/i18n/ja';
import { REFERENCE_KINDS, referenceLabelKey, type ReferenceKind } from '../../../src/i18n/referenceLabels';
import { lookup, type MessageTree } from '../../../src/i18n/translate';
import { slotSizeLabel } from '../../../src/lib/slots';

const CATALOGS: Record<string, MessageTree> = { en: englishMessages, ja: japaneseMessages, es: spanishMessages, fr: frenchMessages };

/** What each reference call answers, by the kind the console labels it as. */
const SERVED: Record<ReferenceKind, readonly { id: number; name: string }[]> = {
  services: products,
  businessUnits,
  slotPlacements: inSlotPlacements,
  implementationTypes,
};

describe('names from the reference calls', () => {
  it.each(Object.keys(CATALOGS))('have a label by id in the %s catalog', (language) => {
    const catalog = CATALOGS[language] as MessageTree;
    const missing = REFERENCE_KINDS.flatMap((kind) =>
      SERVED[kind].filter((entry) => lookup(catalog, referenceLabelKey(kind, entry.id)) === undefined).map((entry) => `${kind} ${entry.id} (${entry.name})`),
    );
    expect(missing).toEqual([]);
  });

  it('are never left in English in Japanese', () => {
    const english = REFERENCE_KINDS.flatMap((kind) =>
      SERVED[kind]
        .filter((entry) => lookup(japaneseMessages, referenceLabelKey(kind, entry.id)) === lookup(englishMessages, referenceLabelKey(kind, entry.id)))
        .map((entry) => `${kind} ${entry.id}`),
    );
    expect(english).toEqual([]);
  });

  it('of slot sizes read as numbers, or as the flex label every catalog has', () => {
    const untranslated = slotSizes.flatMap((size) => {
      const label = slotSizeLabel(size);
      if ('text' in label) return /^\d+\*\d+$/.test(label.text) ? [] : [`${size.id} ${label.text}`];
      return Object.entries(CATALOGS).filter(([, catalog]) => lookup(catalog, label.key) === undefined).map(([language]) => `${size.id} in ${language}`);
    });
    expect(untranslated).toEqual([]);
  });
});
