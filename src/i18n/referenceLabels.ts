/**
 * Names of reference data as the user reads them. The reference calls (services, business units, slot
 * placements, implementation types) answer names in English; the console shows each by its id from the catalogs
 * (reference.<kind>.<id>), in the user's language. A name the catalogs do not know yet (data added on the server
 * after this build) shows as the server sent it (services: as the spec's chip label). Slot sizes read as numbers
 * or the flex label (src/lib/slots.ts slotSizeLabel). tests/unit/i18n/referenceLabels.test.ts fails when the
 * seed holds a value without a translation here.
 *
 *   const label = useReferenceLabel();
 *   label('services', service)   // 'In-Content' / 'インコンテンツ'
 */
import { useCallback } from 'react';
import { productChipLabel } from '../lib/products';
import { useI18n } from './I18nContext';

export const REFERENCE_KINDS = ['services', 'businessUnits', 'slotPlacements', 'implementationTypes'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const referenceLabelKey = (kind: ReferenceKind, id: number) => `reference.${kind}.${id}`;

/** What shows when the catalogs have no label for the id. */
export function fallbackLabel(kind: ReferenceKind, name: string): string {
  return kind === 'services' ? productChipLabel(name) : name;
}

export function useReferenceLabel(): (kind: ReferenceKind, entry: { id: number; name: string }) => string {
  const { translate } = useI18n();
  return useCallback(
    (kind, entry) => translate(referenceLabelKey(kind, entry.id), { _: fallbackLabel(kind, entry.name) }),
    [translate],
  );
}
