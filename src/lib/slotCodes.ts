/**
 * Code copied for a slot, by implementation type (spec section 9 'Slot implementation types for copy').
 * Returns code text only, no message keys. Unknown implementation types and non-integer ids or sizes throw
 * RangeError (the numbers are written into HTML, so nothing else may reach it).
 *
 * 1 JavaScript tag: the async loader script plus a div carrying data-slot-id, data-width, data-height.
 * 2 Slot id only.
 * 3 Bid URL from the entity name 'slot', the id and 'bid': `${bidBaseUrl}/slot/${id}/bid`.
 * 4 AMP tag: <amp-ad> with width, height, type "adnetwork", data-slot-id and the extra placement parameter
 *   data-placement="2" (our reading of "the JavaScript tag with an extra placement parameter of 2").
 * Base URLs default to the constants below; a trailing '/' on a given base URL is ignored.
 */

export const DEFAULT_TAG_BASE_URL = 'https://cdn.adnetwork.example';
export const DEFAULT_BID_BASE_URL = 'https://ads.adnetwork.example';
export const AMP_PLACEMENT = 2;

export const IMPLEMENTATION_TYPE = {
  javascriptTag: 1,
  slotId: 2,
  bidUrl: 3,
  ampTag: 4,
} as const;

export interface SlotCodeOptions {
  tagBaseUrl?: string;
  bidBaseUrl?: string;
}

function checkedInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Invalid slot ${what}: ${value}`);
  return value;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function slotCode(
  implementationTypeId: number,
  slot: { id: number; width: number; height: number },
  options: SlotCodeOptions = {},
): string {
  const id = checkedInteger(slot.id, 'id');
  const width = checkedInteger(slot.width, 'width');
  const height = checkedInteger(slot.height, 'height');
  const tagBase = withoutTrailingSlash(options.tagBaseUrl ?? DEFAULT_TAG_BASE_URL);
  const bidBase = withoutTrailingSlash(options.bidBaseUrl ?? DEFAULT_BID_BASE_URL);
  switch (implementationTypeId) {
    case IMPLEMENTATION_TYPE.javascriptTag:
      return (
        `<script async src="${tagBase}/tag.js"></script>\n` +
        `<div data-slot-id="${id}" data-width="${width}" data-height="${height}"></div>`
      );
    case IMPLEMENTATION_TYPE.slotId:
      return String(id);
    case IMPLEMENTATION_TYPE.bidUrl:
      return `${bidBase}/slot/${id}/bid`;
    case IMPLEMENTATION_TYPE.ampTag:
      return (
        `<amp-ad width="${width}" height="${height}" type="adnetwork" ` +
        `data-slot-id="${id}" data-placement="${AMP_PLACEMENT}"></amp-ad>`
      );
    default:
      throw new RangeError(`Unknown slot implementation type: ${implementationTypeId}`);
  }
}
