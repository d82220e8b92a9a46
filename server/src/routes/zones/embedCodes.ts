// Embed codes of web zones. The one place their format is defined (the contract describes it in words):
//
//   standardCode       <script type="text/javascript" src="{tag}/zones/{id}/tag.js"></script>
//                      synchronous: the page pauses until the tag has rendered the zone's ads.
//   adServerReadyCode  <div id="adn-zone-{id}"></div>
//                      <script async src="{tag}/zones/{id}/async.js?cb=%%CACHEBUSTER%%" data-zone-id="{id}"></script>
//                      asynchronous, for a third-party ad server's creative: %%CACHEBUSTER%% is the ad-server
//                      macro that keeps cached copies from being served.
//   inVastTag          {ads}/vast/zones/{id}?placement=instream&cb=[CACHEBUSTING]&url=[PAGEURL]
//   outVastTag         {ads}/vast/zones/{id}?placement=outstream&cb=[CACHEBUSTING]&url=[PAGEURL]
//   inVideoVastTag     {ads}/invideo/zones/{id}/vast?cb=[CACHEBUSTING]&url=[PAGEURL]
//   inVideoVMapTag     {ads}/invideo/zones/{id}/vmap?cb=[CACHEBUSTING]&url=[PAGEURL]
//
// {tag} and {ads} are the tag (CDN) and ad-serving base URLs that slot codes use (src/lib/slotCodes.ts);
// [CACHEBUSTING] and [PAGEURL] are IAB VAST macros the video player fills in. Only the integer zone id is
// interpolated, so nothing a user typed can reach the HTML.
import { assertFullProduct, zonesFor } from '../../auth/access';
import type { Handlers } from '../../http/handlers';
import type { components } from '../../../../openapi/portal';
import { DEFAULT_BID_BASE_URL, DEFAULT_TAG_BASE_URL } from '../../../../src/lib/slotCodes';
import { ZONE_TYPE } from '../../../../src/lib/products';

type EmbedCodes = components['schemas']['EmbedCodes'];

const VIDEO_MACROS = 'cb=[CACHEBUSTING]&url=[PAGEURL]';

export function zoneEmbedCodes(trackingId: number, tagBase = DEFAULT_TAG_BASE_URL, adsBase = DEFAULT_BID_BASE_URL): EmbedCodes {
  if (!Number.isSafeInteger(trackingId) || trackingId < 1) throw new RangeError(`Invalid zone id: ${trackingId}`);
  const id = trackingId;
  return {
    trackingId: id,
    standardCode: `<script type="text/javascript" src="${tagBase}/zones/${id}/tag.js"></script>`,
    adServerReadyCode:
      `<div id="adn-zone-${id}"></div>\n` +
      `<script async src="${tagBase}/zones/${id}/async.js?cb=%%CACHEBUSTER%%" data-zone-id="${id}"></script>`,
    inVastTag: `${adsBase}/vast/zones/${id}?placement=instream&${VIDEO_MACROS}`,
    outVastTag: `${adsBase}/vast/zones/${id}?placement=outstream&${VIDEO_MACROS}`,
    inVideoVastTag: `${adsBase}/invideo/zones/${id}/vast?${VIDEO_MACROS}`,
    inVideoVMapTag: `${adsBase}/invideo/zones/${id}/vmap?${VIDEO_MACROS}`,
  };
}

export const embedCodeHandlers: Handlers = {
  async getEmbedCodes({ db, principal, query }) {
    const zones = await zonesFor(db, principal, query.trackingIds);
    zones.forEach(assertFullProduct);
    const typeOf = new Map(zones.map((zone) => [zone.trackingId, zone.typeId]));
    const webZones = [...new Set(query.trackingIds)].filter((id) => typeOf.get(id) !== ZONE_TYPE.app);
    return webZones.map((id) => zoneEmbedCodes(id));
  },
};
