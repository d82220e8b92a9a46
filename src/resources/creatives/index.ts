/**
 * The ad review center (issue 28, designed): the ads that served on the selected publisher's zones, each blockable
 * (the creative, its advertiser or its domain; everywhere or on chosen zones) and reportable.
 *
 *   /creatives               CreativeList (grid of sandboxed previews, filters and sort in the address)
 *   /creatives/:creativeId   CreativePage (larger preview, where and when it served, the advertiser's other creatives)
 *
 * App.tsx mounts `creatives.list` and `creatives.show` as the <Resource> of /creatives (show at the spec's
 * /creatives/:creativeId, not react-admin's /creatives/:id/show).
 *
 * Other features import this folder only through this file.
 */
import type { ComponentType } from 'react';
import { CreativeList } from './CreativeList';
import { CreativePage } from './CreativePage';

export { CreativeList, CreativePage };
export const creatives: { list: ComponentType; show: ComponentType } = { list: CreativeList, show: CreativePage };
