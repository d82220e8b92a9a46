/**
 * How slot sizes and implementation types read on screen: 'Flex size' or width*height (src/lib/slots.ts
 * slotSizeLabel); implementation types in the user's language by id (1-4, src/lib/slotCodes.ts), falling back
 * to the server's name for a type the console does not know.
 */
import { useCallback } from 'react';
import { useI18n } from '../../../../i18n/I18nContext';
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
  const implementationTypeLabel = useCallback(
    (type: { id: number; name: string }) => translate(`zoneEdit.implementationTypes.${type.id}`, { _: type.name }),
    [translate],
  );
  return { sizeLabel, implementationTypeLabel };
}
