/**
 * How slot sizes, implementation types and placements read on screen: 'Flex size' or width*height
 * (src/lib/slots.ts slotSizeLabel); implementation types and placements in the user's language by id
 * (src/i18n/referenceLabels.ts), falling back to the server's name for one the console does not know.
 */
import { useCallback } from 'react';
import { useI18n } from '../../../../i18n/I18nContext';
import { useReferenceLabel } from '../../../../i18n/referenceLabels';
import { slotSizeLabel, type SlotSize } from '../../../../lib/slots';

export function useSlotLabels() {
  const { translate } = useI18n();
  const sizeLabel = useCallback(
    (size: SlotSize) => {
      const label = slotSizeLabel(size);
      return 'key' in label ? translate(label.key) : label.text;
    },
    [translate],
  );
  const label = useReferenceLabel();
  const implementationTypeLabel = useCallback((type: { id: number; name: string }) => label('implementationTypes', type), [label]);
  const placementLabel = useCallback((placement: { id: number; name: string }) => label('slotPlacements', placement), [label]);
  return { sizeLabel, implementationTypeLabel, placementLabel };
}
