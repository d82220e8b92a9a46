/**
 * Code copied for a slot, by implementation type (spec section 9 'Slot implementation types for copy'): the one
 * rule for the console's copy button and the server's CSV export of a zone's slot codes. Returns code text only,
 * no message keys. Unknown implementation types and non-integer ids or sizes throw RangeError (the numbers are
 * written into HTML, so nothing else may reach it).
 *
 * 1 JavaScript tag: the async loader script plus a div carrying data-slot-id, data-width, data-height.
 * 2 Slot id only.
 * 3 Bid URL from the entity name 'slot', the id and 'bid': `${bidBaseUrl}/slot/${id}/bid`.
 * 4 AMP tag: the JavaScript tag with the extra placement parameter of 2, data-placement="2" on its div.
 * A flex-size slot (no fixed size; the specification says nothing of its tag, our choice, also in the contract's
 * SlotSize.flex): its div carries data-size="flex" instead of a width and height, and the ad takes the width of the
 * element it is placed in.
 * Base URLs default to the constants below; a trailing '/' on a given base URL is ignored.
 */
import { isFlexSize, type SlotSize } from './slots';

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

/** The JavaScript tag; `placement` adds the AMP tag's placement parameter. */
function javascriptTag(id: number, size: SlotSize, tagBase: string, placement?: number): string {
  const sizeAttributes = isFlexSize(size)
    ? 'data-size="flex"'
    : `data-width="${checkedInteger(size.width, 'width')}" data-height="${checkedInteger(size.height, 'height')}"`;
  const placementAttribute = placement === undefined ? '' : ` data-placement="${placement}"`;
  return `<script async src="${tagBase}/tag.js"></script>\n<div data-slot-id="${id}" ${sizeAttributes}${placementAttribute}></div>`;
}

export function slotCode(implementationTypeId: number, slot: { id: number; size: SlotSize }, options: SlotCodeOptions = {}): string {
  const id = checkedInteger(slot.id, 'id');
  const tagBase = withoutTrailingSlash(options.tagBaseUrl ?? DEFAULT_TAG_BASE_URL);
  const bidBase = withoutTrailingSlash(options.bidBaseUrl ?? DEFAULT_BID_BASE_URL);
  switch (implementationTypeId) {
    case IMPLEMENTATION_TYPE.javascriptTag:
      return javascriptTag(id, slot.size, tagBase);
    case IMPLEMENTATION_TYPE.slotId:
      return String(id);
    case IMPLEMENTATION_TYPE.bidUrl:
      return `${bidBase}/slot/${id}/bid`;
    case IMPLEMENTATION_TYPE.ampTag:
      return javascriptTag(id, slot.size, tagBase, AMP_PLACEMENT);
    default:
      throw new RangeError(`Unknown slot implementation type: ${implementationTypeId}`);
  }
}
